import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/**
 * Narrows `{ conversation }` to its id. This runs on the public listing page, so a small check
 * stands in for `ConversationResponseSchema` (zod stays off public pages, decision 012).
 */
function parseConversationId(data: unknown): string {
  const conversation = (data as { conversation?: { id?: unknown } } | null)?.conversation;
  if (typeof conversation?.id === 'string') return conversation.id;
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `POST /api/conversations` `{ participantId, listingId? }`: opens (or creates) a conversation. */
export function createConversation(participantId: string, listingId?: string): Promise<string> {
  return api('/api/conversations', {
    method: 'POST',
    body: { participantId, ...(listingId ? { listingId } : {}) },
    parse: parseConversationId,
  });
}

export function useCreateConversation() {
  return useMutation({
    mutationFn: ({ participantId, listingId }: { participantId: string; listingId?: string }) =>
      createConversation(participantId, listingId),
  });
}
