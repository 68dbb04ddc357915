import { and, asc, count, eq, gt } from 'drizzle-orm';
import { SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_MAX_FAILURES } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Per-account brute-force lockout: after SIGN_IN_MAX_FAILURES failed sign-ins within the window,
 * further attempts for that email get 429 until the oldest failure leaves the window. State is in
 * PostgreSQL so every instance sees the same count.
 */
export async function assertSignInAllowed({ db, email }: { db: Db; email: string }) {
  const since = new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS);
  const recent = and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since));
  const [row] = await db.select({ failures: count() }).from(signInFailures).where(recent);
  if ((row?.failures ?? 0) < SIGN_IN_MAX_FAILURES) return;
  const [oldest] = await db
    .select({ at: signInFailures.createdAt })
    .from(signInFailures)
    .where(recent)
    .orderBy(asc(signInFailures.createdAt))
    .limit(1);
  const unlockAt = (oldest?.at.getTime() ?? Date.now()) + SIGN_IN_FAILURE_WINDOW_MS;
  const retryAfter = Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
  throw new AppError('RATE_LIMITED', { headers: { 'Retry-After': String(retryAfter) } });
}

export async function recordSignInFailure({ db, email }: { db: Db; email: string }) {
  await db.insert(signInFailures).values({ email });
}

export async function clearSignInFailures({ db, email }: { db: Db; email: string }) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
