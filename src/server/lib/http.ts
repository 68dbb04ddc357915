import type { Context, MiddlewareHandler } from 'hono';
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
            : error.status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : error.status === 429
                ? 'RATE_LIMITED'
                : 'VALIDATION_ERROR';
    return sendError(c, new AppError(code));
  }
  // Never send the stack, SQL or driver text; log it against the request id instead.
  c.var.logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return sendError(c, new AppError('INTERNAL'));
}

/** Past this much, an oversized upload is cut off (the client may then see a reset). */
const DISCARD_LIMIT = 64 * 1024 * 1024;

/** Reads what is left of a body and drops it; false when it goes past the discard limit. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
): Promise<boolean> {
  let size = alreadyRead;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    size += value.length;
    if (size > DISCARD_LIMIT) {
      await reader.cancel().catch(() => {});
      return false;
    }
  }
}

/**
 * Reads the whole request body (at most `maxSize` bytes) before anything answers, and refuses a
 * larger one with `tooLarge()`. Either way the body is read to its end first: a server that
 * answers while the client is still uploading, then closes, makes the client see a connection
 * reset instead of the answer (hono's bodyLimit did that for 413s, and so did any early 401).
 */
export function limitBody(maxSize: number, tooLarge: () => AppError): MiddlewareHandler<AppEnv> {
  const readLimited = readBody(maxSize, tooLarge);
  // Not an async function: a request with no body to read goes on without a promise of its own
  // (every /api GET passes two of these; decision 060).
  return (c, next) => {
    const original = c.req.raw;
    // The first limit to match a request decides (a photo upload's, before its router's JSON one).
    if (limited.has(original)) return next();
    const method = original.method;
    if (method === 'GET' || method === 'HEAD') return next();
    return readLimited(c, next);
  };
}

function readBody(maxSize: number, tooLarge: () => AppError): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const original = c.req.raw;
    const declared = Number(original.headers.get('content-length') ?? Number.NaN);
    const chunked = original.headers.has('transfer-encoding');
    if (!chunked && declared <= maxSize) {
      // A declared size within the limit: read it whole in one go, which @hono/node-server does
      // straight from the socket (touching `body` would build a web stream and a fetch Request).
      limited.add(original);
      await keepBody(c, await original.arrayBuffer(), maxSize, tooLarge);
      return next();
    }
    if (!original.body) return next();
    const reader = original.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = !chunked && declared > maxSize;
    while (!over) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) over = true;
      else chunks.push(value);
    }
    if (over) {
      const error = tooLarge();
      if (!(await discardRest(reader, size))) error.headers.Connection = 'close';
      throw error;
    }
    c.req.raw = new Request(original, { body: Buffer.concat(chunks) });
    limited.add(c.req.raw);
    return next();
  };
}

const TEXT_MEDIA_TYPE = /^(application\/([\w.-]+\+)?json|text\/[\w.+-]+)$/i;

/**
 * A body read in one go, kept in hono's body cache for the handler (a JSON or text body also as
 * text, which the validator reads). A body longer than it said (only a test's hand-made
 * Request can be) still meets the limit.
 */
async function keepBody(
  c: Context<AppEnv>,
  body: ArrayBuffer,
  maxSize: number,
  tooLarge: () => AppError,
): Promise<void> {
  if (body.byteLength > maxSize) throw tooLarge();
  const cache = bodyCacheOf(c);
  cache.arrayBuffer = Promise.resolve(body);
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (TEXT_MEDIA_TYPE.test(mediaType)) {
    cache.text = Promise.resolve(Buffer.from(body).toString('utf8'));
  }
}

/**
 * hono's body cache as it is at run time: a promise per body reader (its type names the
 * resolved values, but `HonoRequest` stores and awaits the readers' promises).
 */
export function bodyCacheOf(c: Context): Record<string, Promise<unknown>> {
  return c.req.bodyCache as unknown as Record<string, Promise<unknown>>;
}

/** Requests whose body a limit has already read (and kept, byte for byte). */
const limited = new WeakSet<Request>();

/** The default: every JSON API router reads at most 1 MB. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const jsonBodyLimit = limitBody(
  JSON_BODY_LIMIT,
  () =>
    new AppError('PAYLOAD_TOO_LARGE', { message: 'The request body is too large (at most 1 MB).' }),
);
