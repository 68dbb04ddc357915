import { ApiError } from '../../lib/api-client.ts';
import type { FieldErrors } from './availability-helpers.ts';

/** The field issues of a 400 (`details: [{ path, message }]`), keyed by path like the draft's. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return errors;
  for (const detail of error.details) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && path !== '' && typeof message === 'string') {
      errors[path] ??= message;
    }
  }
  return errors;
}
