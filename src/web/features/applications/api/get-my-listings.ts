import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandlordListingChoicesSchema } from '../../../../shared/schemas/landlord-listings.ts';
import type { ListingComboboxItem } from '../../../components/ui/listing-combobox.tsx';
import { apiAnswer } from '../../../lib/api-client.ts';
import { applicationsKeys } from './applications-keys.ts';

/** With its status, which the picker names beside a listing that is not live. */
export type ListingChoice = Required<ListingComboboxItem>;

/**
 * `GET /api/landlord/listing-choices`: the landlord's listings in every state (a rented one has
 * applications too), by title, to filter the applications by.
 */
export async function fetchMyListings(signal?: AbortSignal): Promise<ListingChoice[]> {
  const { items } = await apiAnswer<typeof LandlordListingChoicesSchema>(
    '/api/landlord/listing-choices',
    signal ? { signal } : {},
  );
  return items
    .map(({ id, title, status }) => ({ id, title, status }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

export function useMyListings() {
  return useQuery(
    queryOptions({
      queryKey: applicationsKeys.myListings,
      queryFn: ({ signal }) => fetchMyListings(signal),
    }),
  );
}
