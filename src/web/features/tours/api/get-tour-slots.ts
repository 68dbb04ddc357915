import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotsResponse, SlotsResponseSchema } from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `GET /api/listings/{id}/tour-slots?from&to`: bookable slots, dates in the listing's zone. */
export function fetchTourSlots(
  listingId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<SlotsResponse> {
  const query = new URLSearchParams({ from, to });
  return api(`/api/listings/${encodeURIComponent(listingId)}/tour-slots?${query}`, {
    parse: asAnswer<typeof SlotsResponseSchema>,
    ...(signal ? { signal } : {}),
  });
}

/** Fresh for 30 s: a slot someone else takes shows up at the latest when the renter confirms. */
export const tourSlotsQueryOptions = (listingId: string, from: string, to: string) =>
  queryOptions({
    queryKey: toursKeys.slots(listingId, from, to),
    queryFn: ({ signal }) => fetchTourSlots(listingId, from, to, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });

/** `range` null asks nothing (the listing's zone is not known yet). */
export function useTourSlots(listingId: string, range: { from: string; to: string } | null) {
  return useQuery({
    ...tourSlotsQueryOptions(listingId, range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
  });
}
