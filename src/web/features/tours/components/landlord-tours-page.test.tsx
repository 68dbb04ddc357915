// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { noListingChoicesFixture } from '../../../testing/billing-fixtures.ts';
import {
  renderMessaging,
  stubApi,
  testQueryClient,
} from '../../../testing/messaging-test-harness.tsx';
import { fakeDateEachTest, resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { anAvailability, aTour, TOUR_LISTING_ID, tourId } from '../../../testing/tour-fixtures.ts';
import { toursLive } from '../live/tours-live.ts';
import { LandlordToursPage } from './landlord-tours-page.tsx';

/** Intl puts thin and narrow no-break spaces in ranges: compare with plain spaces. */
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s/g, ' ');
let n = 0;

/** The next tour of the agenda, 20 minutes from `start`. */
function agendaTour(start: string, overrides: Partial<Tour> = {}): Tour {
  n += 1;
  return aTour({ id: tourId(n), start, ...overrides });
}

function stubTours(agenda: Tour[], requests: Tour[]) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/tours') {
      return {
        body: { items: call.url.searchParams.get('status') === 'requested' ? requests : agenda },
      };
    }
    if (path.startsWith('/api/tours/') && call.method === 'POST') {
      const id = path.split('/')[3];
      const tour = requests.find((t) => t.id === id);
      return { body: { ...tour, status: 'confirmed' } };
    }
    if (path === '/api/landlord/availability') return { body: anAvailability() };
    if (path === '/api/landlord/listing-choices') return { body: noListingChoicesFixture() };
    return undefined;
  });
}

describe('the landlord tours agenda', () => {
  resetPageAfterEach();
  fakeDateEachTest('2026-10-28T12:00:00Z');

  it('puts tours on their New York day across the DST change, times labelled with the zone', async () => {
    const calls = stubTours(
      [
        agendaTour('2026-11-02T04:30:00Z', {
          renter: { id: TOUR_LISTING_ID, name: 'Late Sunday' },
        }),
        agendaTour('2026-11-01T04:30:00Z', {
          renter: { id: TOUR_LISTING_ID, name: 'Early Sunday' },
        }),
        agendaTour('2026-10-31T21:00:00Z', { renter: { id: TOUR_LISTING_ID, name: 'Saturday' } }),
      ],
      [],
    );
    const { container } = await renderMessaging(<LandlordToursPage />, {
      path: '/landlord/tours?date=2026-10-28',
      pattern: '/landlord/tours',
    });
    await waitFor(() =>
      expect(container.querySelectorAll('[data-testid="agenda-day"]')).toHaveLength(2),
    );
    const agendaCall = calls.find(
      (c) => c.url.pathname === '/api/tours' && c.url.searchParams.get('from'),
    );
    expect(agendaCall?.url.searchParams.get('from')).toBe('2026-10-26');
    expect(agendaCall?.url.searchParams.get('to')).toBe('2026-11-01');

    const [saturday, sunday] = [
      ...container.querySelectorAll<HTMLElement>('[data-testid="agenda-day"]'),
    ];
    expect(saturday?.querySelector('h3')?.textContent).toContain('Saturday, October 31');
    expect(text(saturday)).toContain('5:00 – 5:20 PM EDT');
    expect(sunday?.querySelector('h3')?.textContent).toContain('Sunday, November 1');
    const cards = [...(sunday?.querySelectorAll('[data-testid="landlord-tour"]') ?? [])];
    expect(cards.map(text)).toEqual([
      expect.stringContaining('12:30 – 12:50 AM EDT'),
      expect.stringContaining('11:30 – 11:50 PM EST'),
    ]);
    expect(cards[0]?.textContent).toContain('Early Sunday');
    // The days without tours say so.
    expect(container.textContent).toContain('No tours');
  });

  it('confirms a request and says so', async () => {
    const request = agendaTour('2026-10-30T21:00:00Z', {
      status: 'requested',
      expiresAt: '2026-10-29T12:00:00Z',
      note: 'Can I bring my dog?',
    });
    const calls = stubTours([request], [request]);
    const { container } = await renderMessaging(<LandlordToursPage />, {
      path: '/landlord/tours',
      pattern: '/landlord/tours',
    });
    await waitFor(() =>
      expect(container.querySelector('[data-testid="tour-requests"]')).not.toBeNull(),
    );
    const requests = container.querySelector<HTMLElement>('[data-testid="tour-requests"]');
    expect(requests?.textContent).toContain('Requests to answer (1)');
    expect(requests?.textContent).toContain('Can I bring my dog?');
    expect(text(requests)).toContain('Answer by Thu, Oct 29, 8:00 AM');
    const confirm = [...(requests?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Confirm',
    );
    await act(async () => confirm?.click());
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'POST' && c.url.pathname === `/api/tours/${request.id}/confirm`,
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(container.querySelector('[data-toast-type="success"]')?.textContent).toContain(
        'Tour confirmed',
      ),
    );
  });

  it('says so even when the live refetch removes the request before the answer arrives', async () => {
    const request = agendaTour('2026-10-30T21:00:00Z', { status: 'requested' });
    let requests = [request];
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubApi(async (call) => {
      const path = call.url.pathname;
      if (path === '/api/tours') {
        const requested = call.url.searchParams.get('status') === 'requested';
        return { body: { items: requested ? requests : [] } };
      }
      if (path === `/api/tours/${request.id}/confirm`) {
        await answered;
        return { body: { ...request, status: 'confirmed' } };
      }
      return undefined;
    });
    const queryClient = testQueryClient();
    const { container } = await renderMessaging(<LandlordToursPage />, {
      path: '/landlord/tours',
      pattern: '/landlord/tours',
      queryClient,
    });
    await waitFor(() =>
      expect(container.querySelector('[data-testid="tour-requests"]')).not.toBeNull(),
    );
    const confirm = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Confirm',
    );
    await act(async () => confirm?.click());
    // The tour.changed event lands first: the lists refetch and the request's card goes.
    requests = [];
    await act(() => queryClient.invalidateQueries());
    await waitFor(() =>
      expect(container.querySelector('[data-testid="tour-requests"]')).toBeNull(),
    );
    await act(async () => answer?.());
    await waitFor(() =>
      expect(container.querySelector('[data-toast-type="success"]')?.textContent).toContain(
        'Tour confirmed. The renter has been told.',
      ),
    );
  });

  it('shows a booking from its live event without asking the server again', async () => {
    const calls = stubTours([], []);
    const queryClient = testQueryClient();
    const { container } = await renderMessaging(<LandlordToursPage />, {
      path: '/landlord/tours?date=2026-10-28',
      pattern: '/landlord/tours',
      queryClient,
    });
    await waitFor(() => expect(container.textContent).toContain('No tours'));
    const before = calls.length;
    const booked = agendaTour('2026-10-30T21:00:00Z', {
      status: 'requested',
      renter: { id: TOUR_LISTING_ID, name: 'Nina Newcomer' },
    });
    const handler = toursLive.handlers['tour.changed'];
    const parsed = handler?.parse({ tour: booked });
    if (!parsed) throw new Error('dropped');
    await act(async () => handler?.apply(parsed, { queryClient, me: 'landlord' }));
    // In the requests to answer and on Friday's agenda, from the event alone.
    await waitFor(() =>
      expect(text(container.querySelector('[data-testid="tour-requests"]'))).toContain(
        'Nina Newcomer',
      ),
    );
    const friday = [...container.querySelectorAll('[data-testid="agenda-day"]')].find((day) =>
      day.querySelector('h3')?.textContent?.includes('Friday, October 30'),
    );
    expect(text(friday)).toContain('Nina Newcomer');
    expect(calls.slice(before)).toEqual([]);
  });

  it('asks for an optional reason before declining', async () => {
    const request = agendaTour('2026-10-30T21:00:00Z', { status: 'requested' });
    const calls = stubTours([], [request]);
    const { container } = await renderMessaging(<LandlordToursPage />, {
      path: '/landlord/tours',
      pattern: '/landlord/tours',
    });
    await waitFor(() =>
      expect(container.querySelector('[data-testid="tour-requests"]')).not.toBeNull(),
    );
    const find = (text: string) =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === text);
    await act(async () => find('Decline')?.click());
    const reason = container.querySelector('textarea');
    expect(reason).not.toBeNull();
    await act(async () => {
      if (!reason) return;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        reason,
        'Already let',
      );
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => find('Decline request')?.click());
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/decline'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/decline'))?.body).toEqual({
      reason: 'Already let',
    });
  });
});
