import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ListingTourSettings,
  ListingTourSettingsSchema,
} from '../../../../shared/schemas/tours.ts';
import { api } from '../../../lib/api-client.ts';
import { renterTourKeys } from './tours-query-keys.ts';

/** `GET /api/listings/{id}/tour-settings`: how tours of a listing are booked, and its zone. */
export function fetchTourSettings(
  listingId: string,
  signal?: AbortSignal,
): Promise<ListingTourSettings> {
  return api(`/api/listings/${encodeURIComponent(listingId)}/tour-settings`, {
    parse: ListingTourSettingsSchema.parse,
    ...(signal ? { signal } : {}),
  });
}

export const tourSettingsQueryOptions = (listingId: string) =>
  queryOptions({
    queryKey: renterTourKeys.settings(listingId),
    queryFn: ({ signal }) => fetchTourSettings(listingId, signal),
    staleTime: 60_000,
  });

export function useTourSettings(listingId: string, enabled = true) {
  return useQuery({ ...tourSettingsQueryOptions(listingId), enabled });
}
