import type { Message, SendMessageResponseSchema } from '../../../../shared/schemas/messaging.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';

/** `PATCH /api/messages/{id}` `{ content }`: the sender edits their own message. */
export async function editMessage(messageId: string, content: string): Promise<Message> {
  const { message } = await api(`/api/messages/${encodeURIComponent(messageId)}`, {
    method: 'PATCH',
    body: { content },
    parse: asAnswer<typeof SendMessageResponseSchema>,
  });
  return message;
}
