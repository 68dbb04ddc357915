import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { type ErrorCode, isErrorCode } from '../../../shared/errors.ts';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from '../../../shared/schemas/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { CLIENT_IP_HEADER } from '../../auth/auth.ts';
import { currentUser, loadSession, requireUser, sessionResolver } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorBody } from '../../lib/http.ts';
import { validate } from '../../lib/validate.ts';
import {
  claimPasswordResetMail,
  claimSignInAttempt,
  clearSignInFailures,
  releaseSignInAttempt,
  voidResetLinks,
} from './auth.service.ts';

/**
 * better-auth's error codes, mapped to our catalogue so the web app can show docs/spec.md §8
 * messages.
 */
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
  // Ours: auth.ts refuses a suspended account its session.
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
};

/** better-auth's answer to a change-password whose current password was wrong. */
async function isWrongPassword(res: Response): Promise<boolean> {
  if (res.status !== 400) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code === 'INVALID_PASSWORD';
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  // A failure of better-auth's own is ours, not the sender's mistake.
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION_ERROR';
}

/**
 * The better-auth endpoints Stoop uses, and nothing else (decision 019): every other path under
 * /api/auth is a 404. Each one is behind our validation (shared zod schemas, spec messages), our
 * per-account limits, and our one error shape; better-auth receives only the validated fields,
 * at exactly the endpoint the route names.
 */
export const AUTH_ENDPOINTS = [
  '/sign-up/email',
  '/sign-in/email',
  '/sign-out',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
] as const;
type AuthEndpoint = (typeof AUTH_ENDPOINTS)[number];

export function createAuthRoutes({ auth, database }: AppDeps) {
  const ctx = { db: database.db };
  // The app loads sessions after these routes; the one route that needs the user loads it.
  const session = loadSession(sessionResolver(auth, database.db));

  /** A POST to better-auth's `endpoint` with `body` as JSON (or none, for sign-out). */
  async function forward(
    c: Context<AppEnv>,
    endpoint: AuthEndpoint,
    body?: unknown,
  ): Promise<Response> {
    const url = new URL(c.req.url);
    url.pathname = `/api/auth${endpoint}`;
    url.search = '';
    const headers = new Headers();
    for (const name of ['cookie', 'origin', 'referer', 'user-agent', 'host']) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    // better-auth keys its per-IP limits on this header; only the socket (and the proxies
    // TRUST_PROXY names) decide it, never the client's own headers.
    if (c.var.clientIp) headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    headers.set('content-type', 'application/json');
    const init: RequestInit = { method: 'POST', headers, body: JSON.stringify(body ?? {}) };
    return auth.handler(new Request(url, init));
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
    if (code === 'INTERNAL') c.var.logger.error({ status: res.status, raw }, 'auth error');
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

  // The first failing field decides the code, so the web app can show the docs/spec.md §8 friendly
  // message.
  const jsonOf = <T extends z.ZodType>(schema: T) =>
    validate('json', schema, {
      email: 'INVALID_EMAIL',
      password: 'WEAK_PASSWORD',
      newPassword: 'WEAK_PASSWORD',
    });

  return new Hono<AppEnv>()
    .post('/sign-up/email', jsonOf(SignUpSchema), async (c) => {
      const res = await forward(c, '/sign-up/email', c.req.valid('json'));
      return normalize(c, res);
    })
    .post('/sign-in/email', jsonOf(SignInSchema), async (c) => {
      const input = c.req.valid('json');
      const attemptId = await claimSignInAttempt({ ctx, input });
      const res = await forward(c, '/sign-in/email', input);
      // A wrong password keeps its slot; a success clears them all; anything else was not a
      // judgement of the password and gives its slot back.
      if (res.ok) await clearSignInFailures({ ctx, input });
      else if (res.status !== 401) await releaseSignInAttempt({ ctx, input: { attemptId } });
      return normalize(c, res);
    })
    .post('/sign-out', async (c) => normalize(c, await forward(c, '/sign-out')))
    .post('/request-password-reset', jsonOf(ForgotPasswordSchema), async (c) => {
      const input = c.req.valid('json');
      // Past the per-account limit no mail goes out, and the answer is the same as ever.
      if (await claimPasswordResetMail({ ctx, input })) {
        const res = await forward(c, '/request-password-reset', input);
        if (res.status === 429) return normalize(c, res);
      }
      // One answer whether or not the address has an account.
      return c.json({ status: true });
    })
    .post('/reset-password', jsonOf(ResetPasswordSchema), async (c) => {
      const res = await forward(c, '/reset-password', c.req.valid('json'));
      return normalize(c, res);
    })
    .post('/change-password', session, requireUser, jsonOf(ChangePasswordSchema), async (c) => {
      const user = currentUser(c);
      const { currentPassword, newPassword } = c.req.valid('json');
      // Guarded like sign-in, on the same per-account count: a session someone took over
      // cannot guess the password. Locked: 429 with Retry-After, the password is not checked.
      const email = user.email.toLowerCase();
      const attemptId = await claimSignInAttempt({ ctx, input: { email } });
      // The other sessions always end (the one a thief holds among them), whatever was asked.
      const res = await forward(c, '/change-password', {
        currentPassword,
        newPassword,
        revokeOtherSessions: true,
      });
      // A wrong current password keeps its slot. Anything else gives back only its own: a
      // success clears no earlier failures, so whoever made them gets no fresh guesses.
      if (!(await isWrongPassword(res))) await releaseSignInAttempt({ ctx, input: { attemptId } });
      // A reset link mailed before the change must not undo it.
      if (res.ok) await voidResetLinks({ ctx, input: { userId: user.id } });
      return normalize(c, res);
    })
    .all('*', () => {
      throw new AppError('NOT_FOUND');
    });
}
