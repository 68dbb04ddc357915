import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ERRORS, type ErrorCode } from '../../shared/errors.ts';
import { AppError } from './app-error.ts';

type Target = 'json' | 'query' | 'param';

/**
 * Validates one part of the request with a shared zod schema. Failure is a 400 with the
 * schema's own (spec) message and the field issues; the handler never runs.
 */
export function validate<T extends z.ZodType>(
  target: Target,
  schema: T,
  /**
   * A catalogue code for a field, e.g. `{ password: 'WEAK_PASSWORD' }` (spec §8), used when that
   * field fails first with exactly that code's message.
   */
  fieldCodes: Record<string, ErrorCode> = {},
) {
  return validator(target, (value): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    const fieldCode = first ? fieldCodes[first.path] : undefined;
    const code = fieldCode && ERRORS[fieldCode].message === first?.message ? fieldCode : undefined;
    throw new AppError(code ?? 'VALIDATION_ERROR', {
      message: first?.message ?? 'The request is not valid.',
      details: issues,
    });
  });
}
