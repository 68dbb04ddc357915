import { useQuery } from '@tanstack/react-query';
import {
  type Conversation,
  ConversationResponseSchema,
  MESSAGING_MESSAGES,
} from '../../../../shared/schemas/messaging.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { isUuid, messagingKeys } from './messaging-keys.ts';

/** `GET /api/conversations/{id}`: the thread header (404 'Conversation not found', 403). */
export async function fetchConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  if (!isUuid(id)) {
    throw new ApiError({
      status: 404,
      code: 'CONVERSATION_NOT_FOUND',
      message: MESSAGING_MESSAGES.conversationNotFound,
    });
  }
  const { conversation } = await api(`/api/conversations/${encodeURIComponent(id)}`, {
    parse: ConversationResponseSchema.parse,
    ...(signal ? { signal } : {}),
  });
  return conversation;
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    staleTime: 60_000,
  });
}
