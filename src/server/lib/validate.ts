import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

type Target = 'json' | 'query' | 'param';

/**
 * Validates one part of the request with a shared zod schema. Failure is a 400 with the
 * schema's own (spec) message and the field issues; the handler never runs.
 */
export function validate<T extends z.ZodType>(target: Target, schema: T) {
  return validator(target, (value): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', {
      message: issues[0]?.message ?? 'The request is not valid.',
      details: issues,
    });
  });
}
