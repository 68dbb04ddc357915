import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  SavedSearch,
  SavedSearchesSchema,
} from '../../../../shared/schemas/saved-searches.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

/** `GET /api/saved-searches`: the signed-in renter's saved searches. */
export async function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  const { items } = await apiAnswer<typeof SavedSearchesSchema>(
    '/api/saved-searches',
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
