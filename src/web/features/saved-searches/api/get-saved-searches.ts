import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearch } from '../../../../shared/schemas/saved-searches.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

/** `GET /api/saved-searches`: the signed-in renter's saved searches. */
export async function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  const { items } = await apiWithParser(
    '/api/saved-searches',
    () => import('./parsers.ts').then((p) => p.savedSearches),
    signal ? { signal } : {},
  );
  return items;
}

/** Live events (`saved-searches.changed`, `alert.created`) refresh it. */
export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchesKeys.list,
    queryFn: ({ signal }) => fetchSavedSearches(signal),
  });

export function useSavedSearches(enabled = true) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}
