import type { z } from 'zod';
import {
  type ErrorCode,
  friendlyMessage,
  isErrorCode,
  NETWORK_ERROR_MESSAGE,
} from '../../shared/errors.ts';

/** An API answer that was not 2xx, or a request that never got an answer (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | null;
  readonly details: unknown;
  /** Seconds from a `Retry-After` header, when the server sent one. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode | 'NETWORK' | null;
    message: string;
    details?: unknown;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfter = init.retryAfter ?? null;
  }
}

export type ApiRequest<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks and narrows the JSON answer (a zod schema's `parse`, or a small guard). */
  parse?: (data: unknown) => T;
  signal?: AbortSignal;
};

function errorCodeOf(body: unknown): ErrorCode | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return isErrorCode(code) ? code : null;
}

function detailsOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'details' in error
    ? (error as { details: unknown }).details
    : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The one way the web app talks to the API: same origin, cookies, JSON in and out.
 * Errors become `ApiError` carrying the docs/spec.md §8 friendly message for their code.
 */
export async function api<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const { method = 'GET', body, parse, signal } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
  }

  const data = await readJson(response);
  if (!response.ok) {
    const retryAfterHeader = response.headers.get('Retry-After');
    const retryAfter = retryAfterHeader === null ? null : Number.parseInt(retryAfterHeader, 10);
    throw new ApiError({
      status: response.status,
      code: errorCodeOf(data),
      message: friendlyMessage(data),
      details: detailsOf(data),
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
    });
  }
  return parse ? parse(data) : (data as T);
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return friendlyMessage(null);
}

/**
 * `api` for an answer the page reads as sent, typed as `S`'s parsed output (decision 063). The API
 * suite checks every answer it provokes against its operation's schema in /api/openapi.json, which
 * describes that output (defaults filled, preprocessing done; a transform cannot be described
 * there, so a response schema cannot have one), so the page does not parse it again: zod costs a
 * signed-in page a dozen script requests and most of its blocking time. What is left to check here
 * is that a same-origin answer is JSON at all (not a proxy's error page).
 */
export async function apiAnswer<S extends z.ZodType>(
  path: string,
  request: Omit<ApiRequest<unknown>, 'parse'> = {},
): Promise<z.output<S>> {
  return asAnswer<S>(await api(path, request));
}

/** A JSON answer read as `S`'s output (see `apiAnswer`), for requests `api` does not make. */
export function asAnswer<S extends z.ZodType>(data: unknown): z.output<S> {
  if (typeof data !== 'object' || data === null) {
    throw new ApiError({ status: 502, code: null, message: friendlyMessage(null) });
  }
  return data as z.output<S>;
}
