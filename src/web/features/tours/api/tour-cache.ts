import type { QueryClient } from '@tanstack/react-query';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { dateFormat } from '../../../lib/date-format.ts';
import { type ToursFilter, toursKeys } from './tours-keys.ts';

/*
 * Writes a changed tour (a live `tour.changed`, or a write's own answer) into every cached tours
 * list instead of refetching them all (decision 049). Each list keeps the server's rules
 * (listTours in src/server/modules/tours/tours.service.ts): its filter decides whether the tour
 * belongs, its scope the order, and a list at the server's cap is refetched instead, since what
 * would fall off its end is not known here.
 */

/** `GET /api/tours` answers at most this many. */
const LIST_CAP = 500;

const LIVE = new Set<Tour['status']>(['requested', 'confirmed']);

/** `YYYY-MM-DD` of `start` in the landlord's zone (the filter's `from` and `to`). */
function localDay(start: string, zone: string): string {
  return dateFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(start));
}

/** Whether `GET /api/tours` with `filter` would answer with `tour` at `now`. */
export function tourMatches(tour: Tour, filter: ToursFilter, now: number): boolean {
  const upcoming = Date.parse(tour.start) > now && LIVE.has(tour.status);
  if (filter.scope === 'upcoming' && !upcoming) return false;
  if (filter.scope === 'past' && upcoming) return false;
  if (filter.listingId && filter.listingId !== tour.listingId) return false;
  if (filter.status && filter.status !== tour.status) return false;
  if (filter.from || filter.to) {
    const day = localDay(tour.start, tour.timeZone);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
  }
  return true;
}

/** The list's order: by start (latest first for `past`), then by id. */
function compare(filter: ToursFilter) {
  const direction = filter.scope === 'past' ? -1 : 1;
  return (a: Tour, b: Tour) =>
    direction * (Date.parse(a.start) - Date.parse(b.start)) || (a.id < b.id ? -1 : 1);
}

/**
 * The list with `tour` put where it belongs (replacing its old copy, or taking it out; `list`
 * itself when it neither holds nor takes the tour), or null when only the server can tell (a
 * full list the tour would join).
 */
export function placeTour(
  list: readonly Tour[],
  tour: Tour,
  filter: ToursFilter,
  now: number,
): readonly Tour[] | null {
  const others = list.filter((item) => item.id !== tour.id);
  if (!tourMatches(tour, filter, now)) return others.length === list.length ? list : others;
  if (others.length >= LIST_CAP) return null;
  return [...others, tour].sort(compare(filter));
}

/** Puts `tour` into every cached tours list; a list it cannot place is refetched. */
export function writeTour(queryClient: QueryClient, tour: Tour, now = Date.now()): void {
  for (const [key, list] of queryClient.getQueriesData<Tour[]>({ queryKey: toursKeys.lists })) {
    if (!list) continue;
    const filter = (key[2] ?? {}) as ToursFilter;
    const next = placeTour(list, tour, filter, now);
    if (next === null) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (next !== list) queryClient.setQueryData(key, next);
  }
}
