import { queryOptions, useQuery } from '@tanstack/react-query';
import { LANDLORD_LISTINGS_MAX_PAGE_SIZE } from '../../../../shared/landlord-listings.ts';
import type {
  LandlordListing,
  LandlordListingsSchema,
} from '../../../../shared/schemas/landlord-listings.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

const ORDER = { active: 0, draft: 1, rented: 2, archived: 3 } as const;

/** Pages read at most (500 listings): enough for any landlord the pickers serve. */
const MAX_PAGES = 5;

/**
 * `GET /api/landlord/listings?pageSize=100&page=…`: the listings a landlord picks from on the tour
 * screens, live ones first. Archived ones are left out: nobody tours them.
 */
export async function fetchTourListings(signal?: AbortSignal): Promise<LandlordListing[]> {
  const items: LandlordListing[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api(
      `/api/landlord/listings?pageSize=${LANDLORD_LISTINGS_MAX_PAGE_SIZE}&page=${page}`,
      { parse: asAnswer<typeof LandlordListingsSchema>, ...(signal ? { signal } : {}) },
    );
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) break;
  }
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
