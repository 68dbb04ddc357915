import { useQuery } from '@tanstack/react-query';
import type { ConversationListingsSchema } from '../../../../shared/schemas/messaging.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { messagingKeys } from './messaging-keys.ts';

/** `GET /api/conversations/listings`: every listing the user talks about (the listing filter). */
export function fetchConversationListings(signal?: AbortSignal) {
  return apiAnswer<typeof ConversationListingsSchema>(
    '/api/conversations/listings',
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
