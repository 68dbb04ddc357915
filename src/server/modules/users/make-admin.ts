import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import { type Auth, hashPassword, type SessionUser } from '../../auth/auth.ts';
import { accounts, sessions, users } from '../../db/schema/auth.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { PASSWORD_RESET_SUBJECT } from '../../lib/mail-templates.ts';
import type { Ctx } from '../../lib/service.ts';
import { endUserStreams } from '../events/events.service.ts';
import { createUserWithPassword } from './users.service.ts';

/*
 * `npm run user:create-admin` (scripts/create-admin.ts), the only way to make an admin. An email
 * that already has an account is refused unless the operator says `--promote-existing`: anyone
 * can sign up with any address (no mail is verified), so an account found under the address may
 * be a stranger's who registered it first. A promotion therefore hands the account to whoever
 * reads its mail: its sessions end on every instance, its password stops working, and a reset
 * link goes to the address.
 */

export type MakeAdminInput = {
  email: string;
  /** For a new account; without one a strong password is generated (and returned once). */
  password?: string;
  /** For a new account; 'Administrator' when absent. */
  name?: string;
  /** Make an existing account an admin instead of refusing it. */
  promoteExisting: boolean;
};

export type MakeAdminResult =
  | { outcome: 'created'; user: SessionUser; generatedPassword: string | undefined }
  | {
      outcome: 'promoted';
      user: SessionUser;
      wasAdmin: boolean;
      sessionsEnded: number;
      /** The stored reset mail, for a caller that delivers it at once (its job would too). */
      resetMailId: string | undefined;
    }
  /** The email has an account and `promoteExisting` was not given: nothing changed. */
  | { outcome: 'exists'; user: SessionUser }
  /** A suspended account is not made an admin (an admin is never suspended): nothing changed. */
  | { outcome: 'suspended'; user: SessionUser };

type Found = SessionUser & { suspended: boolean };

async function findByEmail(db: Ctx['db'], email: string): Promise<Found | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      userType: users.userType,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.email, email));
  if (!row) return null;
  const { suspendedAt, ...user } = row;
  return { ...(user as SessionUser), suspended: suspendedAt !== null };
}

const randomPassword = () => randomBytes(18).toString('base64url');

export async function makeAdmin({
  ctx,
  input,
}: {
  ctx: Ctx<{ auth: Auth }>;
  input: MakeAdminInput;
}): Promise<MakeAdminResult> {
  const email = input.email.trim().toLowerCase();
  const existing = await findByEmail(ctx.db, email);
  if (existing) return existingAccount(ctx, existing, input);
  const generatedPassword = input.password === undefined ? randomPassword() : undefined;
  const created = await createUserWithPassword({
    ctx,
    input: {
      email,
      name: input.name ?? 'Administrator',
      password: input.password ?? generatedPassword ?? randomPassword(),
      userType: 'admin',
    },
  });
  if (created) return { outcome: 'created', user: created, generatedPassword };
  // Someone signed up with this address between the two statements: theirs is an existing one.
  const raced = await findByEmail(ctx.db, email);
  if (!raced) throw new Error(`${email}: the account could not be created`);
  return existingAccount(ctx, raced, input);
}

async function existingAccount(
  ctx: Ctx<{ auth: Auth }>,
  found: Found,
  input: MakeAdminInput,
): Promise<MakeAdminResult> {
  const { suspended, ...user } = found;
  if (!input.promoteExisting) return { outcome: 'exists', user };
  if (suspended) return { outcome: 'suspended', user };
  const sessionsEnded = await promote(ctx.db, user.id);
  // The same link and mail as "Forgot your password?" (better-auth's token, our template); an
  // older link is voided. In-process, the call returns once the mail is stored.
  const requested = new Date();
  await ctx.auth.api.requestPasswordReset({ body: { email: user.email } });
  const [mail] = await ctx.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.to, user.email),
        eq(outboxEmails.subject, PASSWORD_RESET_SUBJECT),
        gte(outboxEmails.createdAt, new Date(requested.getTime() - 1000)),
      ),
    )
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return {
    outcome: 'promoted',
    user: { ...user, userType: 'admin' },
    wasAdmin: user.userType === 'admin',
    sessionsEnded,
    resetMailId: mail?.id,
  };
}

/**
 * Makes the user an admin, puts a password nobody knows on the account and ends every session
 * (and live stream) it has, in one transaction. Deleting the rows NOTIFYs every instance, so no
 * cached session outlives the commit (session-cache.ts). Returns how many sessions ended.
 */
async function promote(db: Ctx['db'], userId: string): Promise<number> {
  const unknowable = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ userType: 'admin', updatedAt: new Date() })
      .where(eq(users.id, userId));
    const credential = and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'));
    const updated = await tx
      .update(accounts)
      .set({ password: unknowable, updatedAt: new Date() })
      .where(credential)
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        accountId: userId,
        providerId: 'credential',
        userId,
        password: unknowable,
      });
    }
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    await endUserStreams(tx, userId);
    return ended.length;
  });
}
