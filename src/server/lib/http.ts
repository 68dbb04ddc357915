import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';

export function errorBody(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string = ERRORS[code].message,
  details?: unknown,
): ErrorBody {
  return {
    error: details === undefined ? { code, message } : { code, message, details },
    requestId: c.get('requestId'),
  };
}

export function sendError(c: Context<AppEnv>, error: AppError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(
    errorBody(c, error.code, error.message, error.details),
    error.status as ContentfulStatusCode,
  );
}

/** The one error handler: known errors keep their status, anything else is a bare 500. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) return sendError(c, error);
  if (error instanceof HTTPException && error.status < 500) {
    const code: ErrorCode =
      error.status === 401
        ? 'UNAUTHENTICATED'
        : error.status === 403
          ? 'FORBIDDEN'
          : error.status === 404
            ? 'NOT_FOUND'
            : error.status === 429
              ? 'RATE_LIMITED'
              : 'VALIDATION_ERROR';
    return sendError(c, new AppError(code));
  }
  // Never send the stack, SQL or driver text; log it against the request id instead.
  c.var.logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return sendError(c, new AppError('INTERNAL'));
}
