import { useQuery } from '@tanstack/react-query';
import { MESSAGING_MESSAGES } from '../../../../shared/messaging.ts';
import type {
  Conversation,
  ConversationResponseSchema,
} from '../../../../shared/schemas/messaging.ts';
import { ApiError, apiAnswer } from '../../../lib/api-client.ts';
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
  // The parser loads beside the request: the live handlers import this module on every signed-in
  // page, and a static schema import brought zod with them (issue 30).
  const { conversation } = await apiAnswer<typeof ConversationResponseSchema>(
    `/api/conversations/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return conversation;
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    staleTime: 60_000,
  });
}
