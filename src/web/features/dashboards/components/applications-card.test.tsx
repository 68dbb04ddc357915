// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApplicationStatusCounts } from '../../../../shared/schemas/applications.ts';
import { buttonNamed, textOf } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { ApplicationsCard, applicationsSummary } from './applications-card.tsx';

const NONE: ApplicationStatusCounts = {
  awaiting_household: 0,
  submitted: 0,
  info_requested: 0,
  offered: 0,
  accepted: 0,
  offer_rejected: 0,
  declined: 0,
  withdrawn: 0,
  closed: 0,
};

describe('the applications card in words', () => {
  it('leads a renter with their open applications, each open status named', () => {
    expect(
      applicationsSummary('renter', {
        ...NONE,
        submitted: 2,
        info_requested: 1,
        offered: 1,
        withdrawn: 1,
        declined: 1,
      }),
    ).toEqual({
      figure: 4,
      figureLabel: 'open',
      lines: [
        '2 submitted, with the landlord',
        '1 needs your answer',
        '1 offer to answer',
        '2 closed',
      ],
      empty: null,
    });
  });

  it('leads a landlord with what waits for them', () => {
    expect(
      applicationsSummary('landlord', { ...NONE, submitted: 3, info_requested: 2, accepted: 1 }),
    ).toEqual({
      figure: 3,
      figureLabel: 'to review',
      lines: ["2 wait for the renter's answer", '1 offer accepted'],
      empty: null,
    });
  });

  it('says so in words when there are none', () => {
    expect(applicationsSummary('renter', NONE).empty).toBe(
      'No applications yet. Apply to any listing with one profile, free.',
    );
    expect(applicationsSummary('landlord', NONE).empty).toBe(
      'No applications yet. Renters apply from your listing pages.',
    );
  });
});

describe('the applications card', () => {
  resetPageAfterEach();

  it('asks once for the counts and links to the applications', async () => {
    const calls = stubApi((call) =>
      call.url.pathname === '/api/applications/counts'
        ? { body: { byStatus: { ...NONE, submitted: 1 }, byListing: [] } }
        : undefined,
    );
    const { container } = await renderMessaging(
      <ApplicationsCard side="landlord" href="/landlord/applications" linkLabel="Review" />,
    );
    await waitFor(() => expect(textOf(container)).toContain('1 to review'));
    expect(calls).toHaveLength(1);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/landlord/applications');
  });

  it('says when the counts cannot be loaded, and retries', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom.' } } }
        : { body: { byStatus: NONE } },
    );
    const { container } = await renderMessaging(
      <ApplicationsCard side="renter" href="/applications" linkLabel="Your applications" />,
    );
    await waitFor(() => expect(textOf(container)).toContain('Applications could not be loaded.'));
    fail = false;
    await act(async () => buttonNamed(container, 'Try again')?.click());
    await waitFor(() => expect(textOf(container)).toContain('No applications yet.'));
  });
});
