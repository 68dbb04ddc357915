import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  LandlordListingChoice,
  LandlordListingChoicesSchema,
} from '../../../../shared/schemas/landlord-listings.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

const ORDER = { active: 0, draft: 1, rented: 2, archived: 3 } as const;

/**
 * `GET /api/landlord/listing-choices`: the listings a landlord picks from on the tour screens,
 * live ones first, then by title. Archived ones are left out: nobody tours them.
 */
export async function fetchTourListings(signal?: AbortSignal): Promise<LandlordListingChoice[]> {
  const { items } = await apiAnswer<typeof LandlordListingChoicesSchema>(
    '/api/landlord/listing-choices',
    signal ? { signal } : {},
  );
  return items
    .filter((listing) => listing.status !== 'archived')
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.title.localeCompare(b.title));
}

export const tourListingsQueryOptions = () =>
  queryOptions({
    queryKey: toursKeys.landlordListings,
    queryFn: ({ signal }) => fetchTourListings(signal),
  });

export function useTourListings() {
  return useQuery(tourListingsQueryOptions());
}
