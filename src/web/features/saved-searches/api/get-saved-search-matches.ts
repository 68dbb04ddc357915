import { useInfiniteQuery } from '@tanstack/react-query';
import type { SavedSearchMatchesSchema } from '../../../../shared/schemas/saved-searches.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

const PAGE = 20;

/** `GET /api/saved-searches/{id}/matches`: announced matches, newest first, page by page. */
export function fetchSavedSearchMatches(id: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE) });
  if (cursor !== null) params.set('cursor', cursor);
  return apiAnswer<typeof SavedSearchMatchesSchema>(
    `/api/saved-searches/${encodeURIComponent(id)}/matches?${params}`,
    signal ? { signal } : {},
  );
}

export function useSavedSearchMatches(id: string) {
  return useInfiniteQuery({
    queryKey: savedSearchesKeys.matches(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchSavedSearchMatches(id, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}
