// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import {
  cleanup,
  fakeDateEachTest,
  resetPageAfterEach,
  waitFor,
} from '../../../testing/render.tsx';
import {
  aTour,
  listingTourSettings,
  TOUR_ID,
  TOUR_LISTING_ID,
} from '../../../testing/tour-fixtures.ts';
import { RenterTourCard } from './renter-tour-card.tsx';

const NOW = '2026-11-20T15:00:00.000Z';

// 30 minutes from now: inside a 60-minute cut-off.
const tour = (overrides: Partial<Tour> = {}): Tour =>
  aTour({ start: '2026-11-20T15:30:00.000Z', ...overrides });

function api() {
  return stubApi((call) =>
    call.url.pathname === `/api/listings/${TOUR_LISTING_ID}/tour-settings`
      ? { body: listingTourSettings({ types: ['in_person'], cancelCutoffMinutes: 60 }) }
      : call.url.pathname === `/api/tours/${TOUR_ID}/cancel`
        ? { body: tour({ status: 'cancelled', cancelledBy: 'renter' }) }
        : undefined,
  );
}

const listingHref = (id: string) => `/listings/${id}`;

resetPageAfterEach();
fakeDateEachTest(NOW);

describe("a renter's tour card", () => {
  it("shows when (the listing's zone), where and with whom", async () => {
    api();
    const { container } = await renderMessaging(
      <RenterTourCard tour={tour()} listingHref={listingHref} upcoming />,
    );
    expect(textOf(container)).toContain('Friday, November 20, 10:30 – 10:50 AM');
    expect(textOf(container)).toContain('New York time (EST)');
    expect(textOf(container)).toContain('12 Test Street, Unit 3B · Tribeca, Manhattan');
    expect(textOf(container)).toContain('With Lou');
    const ics = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Add to calendar',
    );
    expect(ics?.getAttribute('href')).toBe(`/api/tours/${TOUR_ID}/ics`);
    expect(ics?.hasAttribute('download')).toBe(true);
  });

  it('explains that it is too late to cancel inside the cut-off', async () => {
    api();
    const { container } = await renderMessaging(
      <RenterTourCard tour={tour()} listingHref={listingHref} upcoming />,
    );
    await waitFor(() =>
      expect(textOf(container)).toContain(
        'It is too late to cancel or move this tour online: changes close 1 h before it starts.',
      ),
    );
    expect(buttonNamed(container, 'Cancel tour')).toBeNull();
    expect(buttonNamed(container, 'Reschedule')).toBeNull();
  });

  it('cancels before the cut-off, with the reason', async () => {
    const calls = api();
    const { container } = await renderMessaging(
      <RenterTourCard
        tour={tour({ start: '2026-11-21T15:30:00.000Z', end: '2026-11-21T15:50:00.000Z' })}
        listingHref={listingHref}
        upcoming
      />,
    );
    await waitFor(() => expect(buttonNamed(container, 'Cancel tour')).not.toBeNull());
    await act(async () => buttonNamed(container, 'Cancel tour')?.click());
    const reason = container.querySelector('input') as HTMLInputElement;
    await act(async () => typeInto(reason, 'Found a place'));
    const confirm = [...container.querySelectorAll('button')].filter(
      (b) => b.textContent === 'Cancel tour',
    );
    expect(confirm).toHaveLength(2);
    await act(async () => confirm[1]?.click());
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/cancel'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/cancel'))?.body).toEqual({
      reason: 'Found a place',
    });
    await waitFor(() => expect(document.body.textContent).toContain('Tour cancelled.'));
  });

  it('lets a request be withdrawn even close to its start', async () => {
    api();
    const { container } = await renderMessaging(
      <RenterTourCard
        tour={tour({ status: 'requested', expiresAt: '2026-11-20T15:20:00.000Z' })}
        listingHref={listingHref}
        upcoming
      />,
    );
    expect(textOf(container)).toContain('Awaiting confirmation');
    expect(textOf(container)).toContain(
      'Waiting for the landlord to confirm (until Fri, Nov 20, 10:20 AM).',
    );
    expect(buttonNamed(container, 'Withdraw request')).not.toBeNull();
    expect(container.querySelector('a[download]')).toBeNull();
  });

  it("shows the route's notes link on past tours too, and nothing when it gives none", async () => {
    api();
    const past = tour({ status: 'completed' });
    const { container } = await renderMessaging(
      <RenterTourCard
        tour={past}
        listingHref={listingHref}
        upcoming={false}
        notesLink={(t) => <a href={`/notes?tour=${t.id}`}>Notes</a>}
      />,
    );
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Notes');
    expect(link?.getAttribute('href')).toBe(`/notes?tour=${TOUR_ID}`);
    expect(buttonNamed(container, 'Reschedule')).toBeNull();
    await cleanup();
    const bare = await renderMessaging(
      <RenterTourCard tour={past} listingHref={listingHref} upcoming={false} />,
    );
    expect([...bare.container.querySelectorAll('a')].some((a) => a.textContent === 'Notes')).toBe(
      false,
    );
  });
});
