import { MessageContentSchema } from '../../../shared/schemas/messaging.ts';

/** The text to send, or the spec's message for why not (empty, or over 2000 after trimming). */
export function checkMessage(
  text: string,
): { ok: true; content: string } | { ok: false; error: string } {
  const result = MessageContentSchema.safeParse(text);
  if (result.success) return { ok: true, content: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Message cannot be empty' };
}
