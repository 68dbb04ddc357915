import { useQuery } from '@tanstack/react-query';
import { apiWithParser } from '../../../lib/api-client.ts';
import { messagingKeys } from './messaging-keys.ts';

/** `GET /api/conversations/listings`: every listing the user talks about (the listing filter). */
export function fetchConversationListings(signal?: AbortSignal) {
  return apiWithParser(
    '/api/conversations/listings',
    () => import('./parsers.ts').then((p) => p.conversationListings),
    signal ? { signal } : {},
  ).then((answer) => answer.items);
}

export function useConversationListings() {
  return useQuery({
    queryKey: messagingKeys.listings,
    queryFn: ({ signal }) => fetchConversationListings(signal),
    staleTime: 60_000,
  });
}
