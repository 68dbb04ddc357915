import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { UserType } from '../../shared/constants.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { sqlText } from '../db/raw.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';
import type { SessionCache } from './session-cache.ts';

/*
 * Every signed-in request resolves its session here, so it is the most frequent read there is.
 * better-auth's getSession costs about 1.5 ms of CPU per call (a crypto key imported per call,
 * its adapter, two object mappings); the common case is done here instead, the way better-auth
 * does it, in one named statement: the cookie's HMAC checked, the session and its user read
 * together; a suspended user's session resolves to no one (decision 034: suspending deletes
 * their sessions too, this is the second lock). Anything else (an expired session, one due for
 * its daily refresh) goes to better-auth itself, so its rules (deleting, refreshing) stay its
 * own. A resolved session is kept in memory until PostgreSQL notices a change to it or its user
 * (session-cache.ts, decision 043): a revoked session is refused on every instance as soon as
 * the notice arrives, and on the instance that revoked it on the very next request.
 */

export type SessionUser = { id: string; email: string; name: string; userType: UserType };
export type ResolvedSession = { user: SessionUser; sessionId: string };

type SessionRow = {
  session_id: string;
  expires_ms: string;
  user_id: string;
  email: string;
  name: string;
  user_type: UserType;
};

const SELECT_SESSION = {
  name: 'session-by-token',
  text: sqlText(sql`select ${sessions.id} as session_id,
      (date_part('epoch', ${sessions.expiresAt}) * 1000)::int8 as expires_ms,
      ${users.id} as user_id, ${users.email}, ${users.name}, ${users.userType}
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.token} = $1 and ${users.suspendedAt} is null`),
};

/** The cookie's value (`token.signature`, URL-encoded) when its signature is ours, else null. */
export function verifiedToken(raw: string, secret: string): string | null {
  const value = raw.includes('%') ? safeDecode(raw) : raw;
  if (value === null) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** One cookie's raw value out of a Cookie header. */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The request's session, or null. Answered at once (no promise) when there is no session cookie
 * or the session is kept in memory, the common cases; a promise when PostgreSQL (or better-auth)
 * has to be asked (decision 060: every promise is paid for on each request that makes it).
 */
export type SessionResolver = (
  headers: Headers,
) => ResolvedSession | null | Promise<ResolvedSession | null>;

type AuthSettings = Awaited<Auth['$context']>;

/**
 * `cache`: sessions kept in memory between requests (session-cache.ts); without one (scripts),
 * every request reads PostgreSQL.
 */
export function sessionResolver(
  auth: Auth,
  db: Db,
  cache?: SessionCache<ResolvedSession>,
): SessionResolver {
  const context = auth.$context;
  // better-auth's settings, once its context has resolved (it never changes after).
  let settings: AuthSettings | undefined;

  const fromDatabase = async (
    headers: Headers,
    raw: string,
    { secret, sessionConfig }: AuthSettings,
  ): Promise<ResolvedSession | null> => {
    const token = verifiedToken(raw, secret);
    if (token === null) return null;
    const version = cache?.begin() ?? 0;
    const { rows } = await db.$client.query<SessionRow>({ ...SELECT_SESSION, values: [token] });
    const row = rows[0];
    if (!row) return null;
    const expiresMs = Number(row.expires_ms);
    const refreshFrom = expiresMs - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000;
    const now = Date.now();
    if (expiresMs <= now || refreshFrom <= now) return betterAuthSession(auth, headers);
    const session = {
      user: { id: row.user_id, email: row.email, name: row.name, userType: row.user_type },
      sessionId: row.session_id,
    };
    cache?.set(
      raw,
      { value: session, sessionId: row.session_id, userId: row.user_id },
      Math.min(expiresMs, refreshFrom),
      version,
    );
    return session;
  };

  const resolve = (cookies: string, headers: Headers, found: AuthSettings) => {
    const raw = cookieValue(cookies, found.authCookies.sessionToken.name);
    if (raw === undefined) return null;
    // The raw value as key: a hit was verified when it was stored.
    const cached = cache?.get(raw);
    if (cached) return cached;
    return fromDatabase(headers, raw, found);
  };

  return (headers) => {
    const cookies = headers.get('cookie');
    if (!cookies?.includes('session_token')) return null;
    if (settings) return resolve(cookies, headers, settings);
    return context.then((found) => {
      settings = found;
      return resolve(cookies, headers, found);
    });
  };
}

/** better-auth's own answer: it deletes an expired session and refreshes an ageing one. */
async function betterAuthSession(auth: Auth, headers: Headers): Promise<ResolvedSession | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, userType } = session.user as typeof session.user & {
    userType: UserType;
  };
  return { user: { id, email, name, userType }, sessionId: session.session.id };
}

/**
 * Resolves the session cookie (if any) once per request into `c.var.user`. Not an async function:
 * a session answered from memory (or none) goes on without a promise of its own (decision 060).
 */
export function loadSession(resolve: SessionResolver): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const found = resolve(c.req.raw.headers);
    if (found instanceof Promise) {
      return found.then((session) => {
        if (session) setSession(c, session);
        return next();
      });
    }
    if (found) setSession(c, found);
    return next();
  };
}

function setSession(c: Context<AppEnv>, session: ResolvedSession) {
  c.set('user', session.user);
  c.set('sessionId', session.sessionId);
}

/*
 * `c.get(…)`, never `c.var.…`, on these paths: hono's `c.var` copies every variable of the
 * request into a new object on each read. And no async functions: a check that passes hands on
 * `next()`'s own promise, one promise fewer a request; a refusal is thrown, which hono handles
 * alike from either kind (decision 060).
 */
export const requireUser: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHENTICATED');
  return next();
};

export function requireRole(...roles: UserType[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const user = c.get('user');
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!roles.includes(user.userType)) throw new AppError('FORBIDDEN');
    return next();
  };
}

/** The signed-in user in a handler behind `requireUser`. */
export function currentUser(c: Pick<Context<AppEnv>, 'get'> | { var: AppEnv['Variables'] }) {
  const user = 'get' in c ? c.get('user') : c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}
