import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type {
  ConversationList,
  ConversationListSchema,
} from '../../../../shared/schemas/messaging.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { type ConversationListFilters, DEFAULT_FILTERS, messagingKeys } from './messaging-keys.ts';

/** The query string of `GET /api/conversations` for a set of filters (defaults left out). */
export function conversationQueryString(filters: ConversationListFilters): string {
  const params = new URLSearchParams();
  params.set('sort', filters.sort);
  if (filters.showUnreadOnly) params.set('showUnreadOnly', 'true');
  if (filters.participantRole) params.set('participantRole', filters.participantRole);
  if (filters.listingId) params.set('listingId', filters.listingId);
  const term = filters.searchTerm.trim();
  if (term) params.set('searchTerm', term);
  return params.toString();
}

/** `GET /api/conversations?…`: one page of the signed-in user's conversations (decision 042). */
export function fetchConversationPage(
  filters: ConversationListFilters,
  page: { cursor?: string | null; limit?: number } = {},
  signal?: AbortSignal,
): Promise<ConversationList> {
  const params = new URLSearchParams(conversationQueryString(filters));
  if (page.cursor) params.set('cursor', page.cursor);
  if (page.limit) params.set('limit', String(page.limit));
  return apiAnswer<typeof ConversationListSchema>(
    `/api/conversations?${params}`,
    signal ? { signal } : {},
  );
}

/**
 * The inbox, page by page: the next page when the list is scrolled to its end. Polled every 30 s
 * like the unread counts (docs/spec.md §9); live events change the loaded pages in place
 * (conversation-list-cache.ts).
 */
export function useConversationPages(filters: ConversationListFilters) {
  return useInfiniteQuery({
    queryKey: messagingKeys.conversationList(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationPage(filters, { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    placeholderData: (previous) => previous,
  });
}

/** The newest `limit` conversations (a dashboard's short list). */
export const latestConversationsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: messagingKeys.latest(limit),
    queryFn: ({ signal }) =>
      fetchConversationPage(DEFAULT_FILTERS, { limit }, signal).then((page) => page.items),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });

export function useLatestConversations(limit: number) {
  return useQuery(latestConversationsQueryOptions(limit));
}
