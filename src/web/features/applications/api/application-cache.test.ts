import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Application } from '../../../../shared/schemas/applications.ts';
import {
  anApplication,
  applicationId,
  OTHER_LISTING_ID,
} from '../../../testing/application-fixtures.ts';
import { placeApplication, writeApplication } from './application-cache.ts';
import { applicationsKeys } from './applications-keys.ts';
import type { ApplicationPages } from './get-applications.ts';

const at = (n: number, overrides: Partial<Application> = {}) =>
  anApplication({
    id: applicationId(n),
    submittedAt: `2026-11-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`,
    ...overrides,
  });

const pagesOf = (...pages: Array<{ items: Application[]; nextCursor?: string | null }>) =>
  ({
    pages: pages.map((page) => ({ items: page.items, nextCursor: page.nextCursor ?? null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  }) satisfies ApplicationPages;

const ids = (pages: ApplicationPages) =>
  pages.pages.map((page) => page.items.map((item) => item.id));

describe('placing a changed application in a cached list', () => {
  it("puts a new application on top of a renter's list (newest first)", () => {
    const pages = pagesOf({ items: [at(3), at(1)] });
    const next = placeApplication(pages, at(5), 'renter', {});
    expect(ids(next)).toEqual([[applicationId(5), applicationId(3), applicationId(1)]]);
  });

  it("appends a new application to a landlord's list (oldest first) when it is all loaded", () => {
    const pages = pagesOf({ items: [at(1), at(3)] });
    const next = placeApplication(pages, at(5), 'landlord', {});
    expect(ids(next)).toEqual([[applicationId(1), applicationId(3), applicationId(5)]]);
  });

  it('leaves a new one past the loaded pages for the next page to bring', () => {
    const pages = pagesOf({ items: [at(1), at(3)], nextCursor: 'more' });
    expect(placeApplication(pages, at(5), 'landlord', {})).toBe(pages);
  });

  it('places by submission across pages, ties by id', () => {
    const pages = pagesOf({ items: [at(1), at(3)], nextCursor: 'x' }, { items: [at(6)] });
    const tie = at(9, { submittedAt: at(3).submittedAt });
    const next = placeApplication(pages, tie, 'landlord', {});
    expect(ids(next)).toEqual([
      [applicationId(1), applicationId(3)],
      [applicationId(9), applicationId(6)],
    ]);
  });

  it('replaces a changed application where it stands', () => {
    const pages = pagesOf({ items: [at(1), at(3)] });
    const changed = at(1, { status: 'offered', updatedAt: '2026-11-25T15:00:00.000Z' });
    const next = placeApplication(pages, changed, 'landlord', {});
    expect(ids(next)).toEqual([[applicationId(1), applicationId(3)]]);
    expect(next.pages[0]?.items[0]?.status).toBe('offered');
  });

  it('takes it out of a list it no longer matches, and keeps to the listing filter', () => {
    const pages = pagesOf({ items: [at(1), at(3)] });
    const offered = at(1, { status: 'offered', updatedAt: '2026-11-25T15:00:00.000Z' });
    expect(ids(placeApplication(pages, offered, 'landlord', { status: 'submitted' }))).toEqual([
      [applicationId(3)],
    ]);
    const elsewhere = at(7, { listing: { ...at(7).listing, id: OTHER_LISTING_ID } });
    const filtered = { listingId: at(1).listing.id };
    expect(placeApplication(pages, elsewhere, 'landlord', filtered)).toBe(pages);
  });

  it('keeps the newer copy when an older event arrives after an action’s answer', () => {
    const newer = at(1, { status: 'offered', updatedAt: '2026-11-25T15:00:00.000Z' });
    const pages = pagesOf({ items: [newer] });
    expect(placeApplication(pages, at(1), 'landlord', {})).toBe(pages);
    // Same time, one more timeline entry (a document opened): the longer one wins.
    const opened = {
      ...newer,
      timeline: [
        ...newer.timeline,
        {
          kind: 'document_opened' as const,
          at: newer.updatedAt,
          by: 'landlord' as const,
          detail: 'pay-stub.pdf',
        },
      ],
    };
    expect(placeApplication(pages, opened, 'landlord', {}).pages[0]?.items[0]).toBe(opened);
  });
});

describe('writing an application into the cache', () => {
  it('updates every list by its own side and filter, and the detail only once it is open', () => {
    const queryClient = new QueryClient();
    const renterKey = applicationsKeys.list('renter', {});
    const offeredKey = applicationsKeys.list('landlord', { status: 'offered' });
    queryClient.setQueryData(renterKey, pagesOf({ items: [at(3)] }));
    queryClient.setQueryData(offeredKey, pagesOf({ items: [] }));
    const offered = at(5, { status: 'offered' });
    writeApplication(queryClient, offered);
    expect(ids(queryClient.getQueryData<ApplicationPages>(renterKey) as ApplicationPages)).toEqual([
      [applicationId(5), applicationId(3)],
    ]);
    expect(ids(queryClient.getQueryData<ApplicationPages>(offeredKey) as ApplicationPages)).toEqual(
      [[applicationId(5)]],
    );
    // Not open: the landlord's first read must still reach the server (it records "viewed").
    expect(queryClient.getQueryData(applicationsKeys.detail(offered.id))).toBeUndefined();
    queryClient.setQueryData(applicationsKeys.detail(offered.id), at(5));
    writeApplication(queryClient, offered);
    expect(queryClient.getQueryData(applicationsKeys.detail(offered.id))).toEqual(offered);
  });
});
