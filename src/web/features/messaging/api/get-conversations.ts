import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type { ConversationSummary } from '../../../../shared/schemas/messaging.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { type ConversationListFilters, messagingKeys } from './messaging-keys.ts';

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

/** `GET /api/conversations?…`: the signed-in user's conversations, filtered and sorted. */
export async function fetchConversations(
  filters: ConversationListFilters,
  signal?: AbortSignal,
): Promise<ConversationSummary[]> {
  const { items } = await apiWithParser(
    `/api/conversations?${conversationQueryString(filters)}`,
    () => import('./parsers.ts').then((p) => p.conversationList),
    signal ? { signal } : {},
  );
  return items;
}

/** Polled every 30 s like the unread counts (spec §9); live events invalidate it sooner. */
export const conversationsQueryOptions = (filters: ConversationListFilters) =>
  queryOptions({
    queryKey: messagingKeys.conversationList(filters),
    queryFn: ({ signal }) => fetchConversations(filters, signal),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    placeholderData: (previous) => previous,
  });

export function useConversations(filters: ConversationListFilters) {
  return useQuery(conversationsQueryOptions(filters));
}
