import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_TOKEN_TTL_S,
  SIGN_UP_USER_TYPES,
  type UserType,
} from '../../shared/constants.ts';
import { ERRORS } from '../../shared/errors.ts';
import type { Db } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import type { Logger } from '../lib/logger.ts';
import { passwordResetMail, welcomeMail } from '../lib/mail-templates.ts';
import type { Mailer } from '../lib/mailer.ts';
import { idleStorageBetweenCalls } from './idle-storage.ts';

/** The header our server sets from the socket address; clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-stoop-client-ip';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Runs on libuv's pool, not the loop. */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which verbatimModuleSyntax cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = ({ hash: digest, password }: { hash: string; password: string }) =>
  verify(digest, password).catch(() => false);

export type AuthOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  baseUrl: string;
  trustedOrigins: (request?: Request) => string[];
  /** Per-IP limits are off in tests that hammer one endpoint on purpose. */
  ipRateLimits?: boolean;
  /**
   * Voids a user's outstanding reset links (all, or those older than `newerThanId`). The auth
   * module's verb, handed in by the composition root (runtime.ts): the platform imports no module.
   */
  voidResetLinks: (input: { userId: string; newerThanId?: string }) => Promise<void>;
};

/**
 * A reset mail's link. It lands on the home page's recovery redirect (docs/spec.md §2) with the
 * token in the fragment, which browsers never send: no server's or proxy's access log ever holds
 * it.
 */
export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl}/#token=${encodeURIComponent(token)}&type=recovery`;
}

export function createAuth(options: AuthOptions) {
  const { db, mailer, logger, baseUrl, voidResetLinks } = options;
  const auth = betterAuth({
    appName: 'Stoop',
    baseURL: baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: (request) => options.trustedOrigins(request),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    telemetry: { enabled: false },
    // better-auth's own log lines go through pino, with the request ids around them.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const authLog = logger.child({ component: 'better-auth' });
        authLog[level === 'warn' ? 'warn' : level]({ args }, message);
      },
    },
    user: {
      additionalFields: {
        // Chosen once, at sign-up, and only renter or landlord (decision 019). Never updated
        // through better-auth: see databaseHooks.user.update below.
        userType: {
          type: 'string',
          required: true,
          input: true,
          validator: { input: z.enum(SIGN_UP_USER_TYPES) },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session (password reset) must die on its next request.
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      // A link that worked voids every other outstanding one.
      onPasswordReset: ({ user }) => voidResetLinks({ userId: user.id }),
      async sendResetPassword({ user, token }, request) {
        const mail = passwordResetMail({
          to: user.email,
          name: user.name,
          url: resetLink(baseUrl, token),
        });
        const sending = mailer.send(mail);
        // In-process callers (the admin CLI) wait until the mail is stored.
        if (!request) {
          await sending;
          return;
        }
        // Not awaited: the answer must not take longer for a known address than an unknown one.
        sending.catch((error) => logger.error({ err: error }, 'reset mail failed'));
      },
    },
    rateLimit: {
      enabled: options.ipRateLimits ?? true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 300,
      customRules: {
        // Per account lockout is ours (sign-in-throttle.ts); this only slows credential stuffing.
        '/sign-in/email': { window: 60, max: 30 },
        '/sign-up/email': { window: 60, max: 20 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
        '/get-session': false,
      },
    },
    hooks: {
      // Changing the password always signs the account's other sessions out, whoever calls.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
    },
    advanced: {
      cookiePrefix: 'stoop',
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account gets no session (decision 034). Hooked at session creation,
          // after the password check, so a wrong password still reads as a wrong password.
          async before(session) {
            const [row] = await db
              .select({ suspendedAt: users.suspendedAt })
              .from(users)
              .where(eq(users.id, session.userId));
            if (row?.suspendedAt) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: ERRORS.ACCOUNT_SUSPENDED.message,
              });
            }
            return { data: session };
          },
        },
      },
      verification: {
        create: {
          // A newer reset link voids the older ones.
          async after(verification) {
            if (!verification.identifier.startsWith('reset-password:')) return;
            await voidResetLinks({ userId: verification.value, newerThanId: verification.id });
          },
        },
      },
      user: {
        update: {
          // No endpoint Stoop mounts updates a user (decision 019); Stoop's own services write
          // names and roles with their own rules. Should one ever be mounted, it changes nothing.
          async before() {
            throw new APIError('FORBIDDEN', { message: 'Users are not changed here.' });
          },
        },
        create: {
          // Defence in depth: routes validate first; admins are made only by the CLI, which
          // writes rows itself (users/make-admin.ts) and never passes through this hook.
          async before(user) {
            const userType = (user as { userType?: unknown }).userType;
            const allowed: readonly unknown[] = SIGN_UP_USER_TYPES;
            if (!allowed.includes(userType)) {
              throw new APIError('BAD_REQUEST', { message: 'Please choose renter or landlord.' });
            }
            return { data: user };
          },
          async after(user, context) {
            if (!context?.request) return; // only people signing up get a welcome mail
            const mail = welcomeMail({
              to: user.email,
              name: user.name,
              userType: (user as { userType?: string }).userType ?? 'renter',
              baseUrl,
            });
            mailer.send(mail).catch((error) => logger.error({ err: error }, 'welcome mail failed'));
          },
        },
      },
    },
  });
  // Its AsyncLocalStorage off between calls: on Node 20 it costs every promise (idle-storage.ts).
  return idleStorageBetweenCalls(auth);
}

export type Auth = ReturnType<typeof createAuth>;

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  userType: UserType;
};
