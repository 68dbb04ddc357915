import { MESSAGING_MESSAGES, MessageContentSchema } from '../../../shared/schemas/messaging.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * docs/spec.md §5 and decision 022: content is trimmed, stripped of real HTML tags and otherwise
 * kept as typed (it is always rendered as text), 1-2000 characters of what is left. The routes
 * already validate with the same schema; cleaning again changes nothing, so services may call it
 * freely.
 */
export function cleanMessageContent(raw: string): string {
  const result = MessageContentSchema.safeParse(raw);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? MESSAGING_MESSAGES.contentRange;
  throw new AppError('VALIDATION_ERROR', { message, details: [{ path: 'content', message }] });
}
