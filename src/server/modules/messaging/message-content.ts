import sanitizeHtml from 'sanitize-html';
import { MESSAGING_MESSAGES, MessageContentSchema } from '../../../shared/schemas/messaging.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Spec §5: content is trimmed (1-2000 characters), stripped of HTML and the rest escaped.
 * Tags go, the text between them stays (script and style bodies go too); `&`, `<`, `>` and quotes
 * in what remains are escaped. Text that was only markup is refused.
 */
export function cleanMessageContent(raw: string): string {
  const typed = MessageContentSchema.parse(raw);
  const cleaned = sanitizeHtml(typed, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  }).trim();
  if (cleaned.length === 0) {
    throw new AppError('VALIDATION_ERROR', {
      message: MESSAGING_MESSAGES.contentRange,
      details: [{ path: 'content', message: MESSAGING_MESSAGES.contentRange }],
    });
  }
  return cleaned;
}
