import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { type ErrorCode, isErrorCode } from '../../../shared/errors.ts';
import {
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from '../../../shared/schemas/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { CLIENT_IP_HEADER } from '../../auth/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorBody } from '../../lib/http.ts';
import { validate } from '../../lib/validate.ts';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from './auth.service.ts';

/** better-auth's error codes, mapped to our catalogue so the web app can show spec §8 messages. */
const AUTH_ERROR_CODES: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_IN_USE',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_IN_USE',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  PASSWORD_TOO_LONG: 'VALIDATION_ERROR',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  USER_NOT_FOUND: 'INVALID_CREDENTIALS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_ORIGIN: 'CROSS_ORIGIN',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_ERROR';
}

/**
 * better-auth's endpoints at /api/auth/*, behind our validation (shared zod schemas, spec
 * messages), our per-account sign-in lockout, and our one error shape.
 */
export function createAuthRoutes({ auth, database }: AppDeps) {
  const { db } = database;

  async function forward(c: Context<AppEnv>, body?: unknown): Promise<Response> {
    const request = c.req.raw;
    const headers = new Headers(request.headers);
    // better-auth keys its per-IP limits on this header; only the socket decides it.
    headers.delete(CLIENT_IP_HEADER);
    if (c.var.clientIp) headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    let init: RequestInit = { method: request.method, headers };
    if (body !== undefined) {
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      init = { ...init, body: JSON.stringify(body) };
    } else if (request.method !== 'GET' && request.method !== 'HEAD') {
      init = { ...init, body: await request.arrayBuffer() };
    }
    return auth.handler(new Request(request.url, init));
  }

  /** Rewrites better-auth's `{ code, message }` errors into our `{ error, requestId }` body. */
  async function normalize(c: Context<AppEnv>, res: Response) {
    if (res.status < 400) return withoutToken(res);
    const raw = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string; message?: string };
    const mapped = (raw.code && AUTH_ERROR_CODES[raw.code]) || codeForStatus(res.status);
    const code: ErrorCode = isErrorCode(mapped) ? mapped : 'VALIDATION_ERROR';
    const error = new AppError(code);
    const headers = new Headers(res.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const retryAfter = headers.get('x-retry-after');
    if (retryAfter) headers.set('Retry-After', retryAfter);
    return new Response(JSON.stringify(errorBody(c, code, error.message)), {
      status: error.status,
      headers,
    });
  }

  /**
   * better-auth echoes the session token in sign-in/up bodies; it belongs only in the HttpOnly
   * cookie, out of reach of page scripts.
   */
  async function withoutToken(res: Response): Promise<Response> {
    if (!res.headers.get('content-type')?.includes('application/json')) return res;
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || !('token' in body)) return res;
    const { token: _token, ...rest } = body;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('set-auth-token');
    return new Response(JSON.stringify(rest), { status: res.status, headers });
  }

  // The first failing field decides the code, so the web app can show the §8 friendly message.
  const jsonOf = <T extends z.ZodType>(schema: T) =>
    validate('json', schema, {
      email: 'INVALID_EMAIL',
      password: 'WEAK_PASSWORD',
      newPassword: 'WEAK_PASSWORD',
    });

  return new Hono<AppEnv>()
    .post('/sign-up/email', jsonOf(SignUpSchema), async (c) => {
      const res = await forward(c, c.req.valid('json'));
      return normalize(c, res);
    })
    .post('/sign-in/email', jsonOf(SignInSchema), async (c) => {
      const input = c.req.valid('json');
      await assertSignInAllowed({ db, email: input.email });
      const res = await forward(c, input);
      if (res.status === 401) await recordSignInFailure({ db, email: input.email });
      else if (res.ok) await clearSignInFailures({ db, email: input.email });
      return normalize(c, res);
    })
    .post('/request-password-reset', jsonOf(ForgotPasswordSchema), async (c) => {
      const res = await forward(c, c.req.valid('json'));
      if (res.status === 429) return normalize(c, res);
      // One answer whether or not the address has an account.
      return c.json({ status: true });
    })
    .post('/reset-password', jsonOf(ResetPasswordSchema), async (c) => {
      const res = await forward(c, c.req.valid('json'));
      return normalize(c, res);
    })
    .on(['GET', 'POST'], '/*', async (c) => normalize(c, await forward(c)));
}
