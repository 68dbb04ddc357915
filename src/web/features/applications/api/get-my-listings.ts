import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandlordListingsSchema } from '../../../../shared/schemas/landlord-listings.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { applicationsKeys } from './applications-keys.ts';

export type ListingChoice = { id: string; title: string };

/** The server's largest page (LANDLORD_LISTINGS_MAX_PAGE_SIZE; a value import would bring zod). */
const PAGE_SIZE = 100;
/** Pages read at most (500 listings): enough for any landlord's filter. */
const MAX_PAGES = 5;

/**
 * `GET /api/landlord/listings?pageSize=100&page=…`: the landlord's listings in every state (a
 * rented one has applications too), by title, to filter the applications by.
 */
export async function fetchMyListings(signal?: AbortSignal): Promise<ListingChoice[]> {
  const choices: ListingChoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await apiAnswer<typeof LandlordListingsSchema>(
      `/api/landlord/listings?pageSize=${PAGE_SIZE}&page=${page}`,
      signal ? { signal } : {},
    );
    choices.push(...answer.items.map(({ id, title }) => ({ id, title })));
    if (answer.items.length === 0 || choices.length >= answer.total) break;
  }
  return choices.sort((a, b) => a.title.localeCompare(b.title));
}

export function useMyListings() {
  return useQuery(
    queryOptions({
      queryKey: applicationsKeys.myListings,
      queryFn: ({ signal }) => fetchMyListings(signal),
    }),
  );
}
