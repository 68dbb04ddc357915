import { and, eq, getTableName, sql } from 'drizzle-orm';
import {
  PASSWORD_RESET_MAX_PER_ACCOUNT,
  PASSWORD_RESET_WINDOW_MS,
  SIGN_IN_FAILURE_WINDOW_MS,
  SIGN_IN_MAX_FAILURES,
} from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetRequests, signInFailures, verifications } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/service.ts';
import { forgetSpentResetLinks } from '../mail/mail.service.ts';

type Throttle = {
  table: typeof signInFailures | typeof passwordResetRequests;
  max: number;
  windowMs: number;
};

const SIGN_IN: Throttle = {
  table: signInFailures,
  max: SIGN_IN_MAX_FAILURES,
  windowMs: SIGN_IN_FAILURE_WINDOW_MS,
};
const PASSWORD_RESET: Throttle = {
  table: passwordResetRequests,
  max: PASSWORD_RESET_MAX_PER_ACCOUNT,
  windowMs: PASSWORD_RESET_WINDOW_MS,
};

type Claim = { id: string } | { retryAfterS: number };

/**
 * Takes one of an account's `max` slots in the window, or answers when the next one frees up.
 * Counting and taking happen under a per-account transaction lock, so parallel requests queue
 * on it and no more than `max` ever get a slot (a plain count-then-insert lets a burst through).
 */
async function claimSlot(db: Db, throttle: Throttle, email: string): Promise<Claim> {
  const { table } = throttle;
  const name = getTableName(table);
  const since = new Date(Date.now() - throttle.windowMs).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${name}:${email}`}, 0))`);
    // Rows past the window count for nothing: drop them, so an account keeps at most `max`.
    await tx.execute(
      sql`delete from ${table} where ${table.email} = ${email} and ${table.createdAt} <= ${since}`,
    );
    const { rows } = await tx.execute<{ n: number; oldest: string | null }>(
      sql`select count(*)::int as n, min(${table.createdAt})::text as oldest from ${table}
        where ${table.email} = ${email}`,
    );
    const { n = 0, oldest = null } = rows[0] ?? {};
    if (n >= throttle.max) {
      const unlockAt = (oldest ? Date.parse(oldest) : Date.now()) + throttle.windowMs;
      return { retryAfterS: Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000)) };
    }
    const [inserted] = await tx.insert(table).values({ email }).returning({ id: table.id });
    if (!inserted) throw new Error(`no row inserted into ${name}`);
    return { id: inserted.id };
  });
}

/**
 * Per-account brute-force lockout (docs/spec.md §9: 5 failed sign-ins in 15 minutes). A sign-in
 * takes a slot before its password is checked; a failure keeps it, anything else gives it back.
 * Beyond the limit the answer is 429 with Retry-After, and the password is never checked. State is
 * in PostgreSQL so every instance sees the same count.
 */
export async function claimSignInAttempt({
  ctx: { db },
  input: { email },
}: {
  ctx: Ctx;
  input: { email: string };
}) {
  const claim = await claimSlot(db, SIGN_IN, email);
  if ('retryAfterS' in claim) {
    throw new AppError('RATE_LIMITED', { headers: { 'Retry-After': String(claim.retryAfterS) } });
  }
  return claim.id;
}

/** The attempt was not judged (malformed, or refused by the per-IP limit): free its slot. */
export async function releaseSignInAttempt({
  ctx: { db },
  input: { attemptId },
}: {
  ctx: Ctx;
  input: { attemptId: string };
}) {
  await db.delete(signInFailures).where(eq(signInFailures.id, attemptId));
}

export async function clearSignInFailures({
  ctx: { db },
  input: { email },
}: {
  ctx: Ctx;
  input: { email: string };
}) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}

/** True when another reset mail may go to this address now (the answer never says). */
export async function claimPasswordResetMail({
  ctx: { db },
  input: { email },
}: {
  ctx: Ctx;
  input: { email: string };
}) {
  return 'id' in (await claimSlot(db, PASSWORD_RESET, email));
}

/**
 * Voids the account's reset links: all of them (a password was reset or changed), or those
 * older than `newerThanId` (a new link was made; of two made at once, the later one stays).
 * A link used to reset is consumed by better-auth first; either way the mail that held it
 * keeps no working link in the outbox.
 */
export async function voidResetLinks({
  ctx: { db },
  input: { userId, newerThanId },
}: {
  ctx: Ctx;
  input: { userId: string; newerThanId?: string };
}) {
  const v = verifications;
  const older = newerThanId
    ? sql`(${v.createdAt}, ${v.id}) < (select created_at, id from verifications where id = ${newerThanId})`
    : undefined;
  await db
    .delete(v)
    .where(and(eq(v.value, userId), sql`${v.identifier} like 'reset-password:%'`, older));
  // Their mails' stored copies lose the links (expired ones go on the mail module's schedule).
  await forgetSpentResetLinks({ ctx: { db } });
}
