import type { MarkReadResponseSchema } from '../../../../shared/schemas/messaging.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';

/** `POST /api/conversations/{id}/read`: marks every message from the other person read. */
export function markConversationRead(conversationId: string) {
  return api(`/api/conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'POST',
    body: {},
    parse: asAnswer<typeof MarkReadResponseSchema>,
  });
}
