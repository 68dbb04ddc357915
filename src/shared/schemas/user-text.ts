import { z } from 'zod';
import { cleanUserText, RAW_TEXT_FACTOR } from '../user-text.ts';

/**
 * A free-text field under decision 022: the typed text loses its real HTML tags (and is trimmed),
 * then `rules` (lengths, emptiness) check what is left. `max` bounds the raw input only.
 */
export function userText<T extends z.ZodType<string, string>>(
  rules: T,
  max: { length: number; error: string },
  typeError?: string,
) {
  return z
    .string(typeError === undefined ? undefined : { error: typeError })
    .max(max.length * RAW_TEXT_FACTOR, { error: max.error })
    .transform(cleanUserText)
    .pipe(rules);
}
