import type { Message, SendMessageResponseSchema } from '../../../../shared/schemas/messaging.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';

export type SendMessageRequest = {
  conversationId: string;
  content: string;
  listingId?: string | null;
  /** Made once per message and reused by every retry: the server answers a repeat with the same message. */
  idempotencyKey: string;
};

/** `POST /api/conversations/{id}/messages` (201 new, 200 a repeat of the same key). */
export async function sendMessage({
  conversationId,
  content,
  listingId,
  idempotencyKey,
}: SendMessageRequest): Promise<Message> {
  const { message } = await api(
    `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
    {
      method: 'POST',
      body: { content, idempotencyKey, ...(listingId ? { listingId } : {}) },
      parse: asAnswer<typeof SendMessageResponseSchema>,
    },
  );
  return message;
}

/** A fresh idempotency key (a UUID; `crypto.randomUUID` needs a secure context, hence the fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
