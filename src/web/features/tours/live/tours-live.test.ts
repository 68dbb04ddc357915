import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { aTour, TOUR_LISTING_ID, tourId } from '../../../testing/tour-fixtures.ts';
import { type ToursFilter, toursKeys } from '../api/tours-keys.ts';
import { toursLive } from './tours-live.ts';

const OTHER_LISTING = '00000000-0000-4000-8000-0000000000d2';
const NOW = Date.parse('2026-11-20T12:00:00Z');

const aTourAt = (id: number, start: string, overrides: Partial<Tour> = {}): Tour =>
  aTour({ id: tourId(id), start, ...overrides });

const early = aTourAt(1, '2026-11-23T15:00:00Z');
const late = aTourAt(2, '2026-11-25T15:00:00Z');
const old = aTourAt(3, '2026-11-02T15:00:00Z', { status: 'completed' });

const LISTS: ToursFilter[] = [
  { scope: 'upcoming' },
  { scope: 'upcoming', status: 'requested' },
  { scope: 'past' },
  { scope: 'all', from: '2026-11-23', to: '2026-11-29' },
  { scope: 'all', listingId: OTHER_LISTING },
];

/**
 * Every list cached as the server would answer it, each watched as a mounted screen watches it
 * (an invalidated list refetches at once), with a query function that counts its fetches.
 */
function cached(lists: Partial<Record<number, Tour[]>>) {
  const queryClient = new QueryClient();
  const fetches = vi.fn();
  const observers = LISTS.map((filter, index) => {
    queryClient.setQueryData(toursKeys.list(filter), lists[index] ?? []);
    const observer = new QueryObserver(queryClient, {
      queryKey: toursKeys.list(filter),
      queryFn: () => {
        fetches(filter);
        return lists[index] ?? [];
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    return observer.subscribe(() => {});
  });
  queryClient.setQueryData(toursKeys.slots(TOUR_LISTING_ID, '2026-11-20', '2026-12-10'), {
    slots: [],
  });
  queryClient.setQueryData(toursKeys.availability, { timeZone: 'America/New_York' });
  return {
    queryClient,
    fetches,
    stop: () => {
      for (const unsubscribe of observers) unsubscribe();
    },
  };
}

const ids = (client: QueryClient, filter: ToursFilter) =>
  (client.getQueryData<Tour[]>(toursKeys.list(filter)) ?? []).map((tour) => tour.id);

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

function emit(queryClient: QueryClient, tour: Tour) {
  const handler = toursLive.handlers['tour.changed'];
  const parsed = handler?.parse({ tour });
  if (!parsed) throw new Error('dropped');
  handler?.apply(parsed, { queryClient, me: 'me' });
}

describe('tours live feature', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('writes a booked tour into the lists it belongs to, in order, without a refetch', () => {
    const { queryClient, fetches, stop } = cached({ 0: [early, late], 2: [old], 3: [early, late] });
    const booked = aTourAt(4, '2026-11-24T15:00:00Z', { status: 'requested' });
    emit(queryClient, booked);
    expect(ids(queryClient, LISTS[0] as ToursFilter)).toEqual([early.id, booked.id, late.id]);
    expect(ids(queryClient, LISTS[1] as ToursFilter)).toEqual([booked.id]);
    expect(ids(queryClient, LISTS[2] as ToursFilter)).toEqual([old.id]);
    expect(ids(queryClient, LISTS[3] as ToursFilter)).toEqual([early.id, booked.id, late.id]);
    expect(ids(queryClient, LISTS[4] as ToursFilter)).toEqual([]);
    expect(fetches).not.toHaveBeenCalled();
    // Only what the event cannot tell is refetched: the slots. The rest of the screen stays.
    expect(stale(queryClient, toursKeys.slots(TOUR_LISTING_ID, '2026-11-20', '2026-12-10'))).toBe(
      true,
    );
    expect(stale(queryClient, toursKeys.availability)).toBe(false);
    stop();
  });

  it('moves a changed tour between lists: a cancelled one leaves upcoming for past', () => {
    const { queryClient, fetches, stop } = cached({ 0: [early, late], 2: [old], 3: [early, late] });
    const cancelled = { ...late, status: 'cancelled' as const, cancelledBy: 'renter' as const };
    emit(queryClient, cancelled);
    expect(ids(queryClient, LISTS[0] as ToursFilter)).toEqual([early.id]);
    // Past is latest first.
    expect(ids(queryClient, LISTS[2] as ToursFilter)).toEqual([late.id, old.id]);
    expect(queryClient.getQueryData<Tour[]>(toursKeys.list(LISTS[3] as ToursFilter))?.[1]).toEqual(
      cancelled,
    );
    expect(fetches).not.toHaveBeenCalled();
    stop();
  });

  it('keeps to the agenda week in the landlord zone', () => {
    const { queryClient, stop } = cached({});
    // Monday 30 Nov 03:00 UTC is still Sunday the 29th in New York: in the week.
    const sunday = aTourAt(5, '2026-11-30T03:00:00Z');
    const monday = aTourAt(6, '2026-11-30T05:30:00Z');
    emit(queryClient, sunday);
    emit(queryClient, monday);
    expect(ids(queryClient, LISTS[3] as ToursFilter)).toEqual([sunday.id]);
    stop();
  });

  it('refetches a full list the tour would join, since what falls off is unknown', async () => {
    const full = Array.from({ length: 500 }, (_, i) =>
      aTourAt(100 + i, new Date(Date.parse('2026-11-21T00:00:00Z') + i * 3_600_000).toISOString()),
    );
    const { queryClient, fetches, stop } = cached({ 0: full });
    emit(queryClient, aTourAt(7, '2026-11-22T15:00:00Z'));
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledWith(LISTS[0]));
    expect(fetches).toHaveBeenCalledTimes(1);
    stop();
  });

  it('waitlist.changed refreshes the waitlists and the slots, not the tour lists', () => {
    const { queryClient, stop } = cached({});
    queryClient.setQueryData(toursKeys.myWaitlist, []);
    const handler = toursLive.handlers['waitlist.changed'];
    const parsed = handler?.parse({ entry: { id: 'w1', listingId: 'l1', status: 'offered' } });
    if (!parsed) throw new Error('dropped');
    handler?.apply(parsed, { queryClient, me: 'me' });
    expect(stale(queryClient, toursKeys.myWaitlist)).toBe(true);
    expect(stale(queryClient, toursKeys.slots(TOUR_LISTING_ID, '2026-11-20', '2026-12-10'))).toBe(
      true,
    );
    expect(stale(queryClient, toursKeys.list(LISTS[0] as ToursFilter))).toBe(false);
    stop();
  });

  it('resync refreshes every tour query', () => {
    const { queryClient, stop } = cached({});
    toursLive.resync({ queryClient, me: 'me' });
    expect(stale(queryClient, toursKeys.list(LISTS[0] as ToursFilter))).toBe(true);
    expect(stale(queryClient, toursKeys.availability)).toBe(true);
    stop();
  });

  it('drops events without the tour or entry, or with a tour too thin to place', () => {
    expect(toursLive.handlers['tour.changed']?.parse({ tour: null })).toBeNull();
    expect(
      toursLive.handlers['tour.changed']?.parse({ tour: { id: 't1', listingId: 'l1' } }),
    ).toBeNull();
    expect(toursLive.handlers['waitlist.changed']?.parse({})).toBeNull();
  });
});
