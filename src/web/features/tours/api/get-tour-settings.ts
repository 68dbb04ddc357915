import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ListingTourSettings,
  ListingTourSettingsSchema,
} from '../../../../shared/schemas/tours.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `GET /api/listings/{id}/tour-settings`: the listing's settings, its own or its landlord's. */
export function fetchTourSettings(
  listingId: string,
  signal?: AbortSignal,
): Promise<ListingTourSettings> {
  return apiAnswer<typeof ListingTourSettingsSchema>(
    `/api/listings/${encodeURIComponent(listingId)}/tour-settings`,
    signal ? { signal } : {},
  );
}

/** `listingId` null asks nothing. */
export const tourSettingsQueryOptions = (listingId: string | null) =>
  queryOptions({
    queryKey: toursKeys.settings(listingId ?? ''),
    queryFn: ({ signal }) => fetchTourSettings(listingId ?? '', signal),
    enabled: listingId !== null,
    // Settings change rarely; a renter's screen need not ask again on every mount.
    staleTime: 60_000,
  });

/** `enabled` false (or no listing) asks nothing. */
export function useTourSettings(listingId: string | null, enabled = true) {
  return useQuery(tourSettingsQueryOptions(enabled ? listingId : null));
}
