import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type { Tour, ToursResponseSchema } from '../../../../shared/schemas/tours.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { type ToursFilter, toursKeys } from './tours-keys.ts';

/** The query string of `GET /api/tours` (defaults left out). */
export function toursQueryString(filter: ToursFilter): string {
  const params = new URLSearchParams();
  for (const key of ['scope', 'listingId', 'from', 'to', 'status'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** `GET /api/tours`: the signed-in user's tours (a renter's, or a landlord's on their listings). */
export async function fetchTours(filter: ToursFilter, signal?: AbortSignal): Promise<Tour[]> {
  const { items } = await apiAnswer<typeof ToursResponseSchema>(
    `/api/tours${toursQueryString(filter)}`,
    signal ? { signal } : {},
  );
  return items;
}

/** Live events refresh it at once; the 30 s poll is the fallback when the stream is down. */
export const toursQueryOptions = (filter: ToursFilter) =>
  queryOptions({
    queryKey: toursKeys.list(filter),
    queryFn: ({ signal }) => fetchTours(filter, signal),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => previous,
  });

export function useTours(filter: ToursFilter) {
  return useQuery(toursQueryOptions(filter));
}
