import { and, eq } from 'drizzle-orm';
import { LAST_ADMIN_MESSAGE } from '../../../shared/schemas/users.ts';
import { verifyPassword } from '../../auth/auth.ts';
import { accounts, users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Logger } from '../../lib/logger.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  claimSignInAttempt,
  clearSignInFailures,
  releaseSignInAttempt,
} from '../auth/auth.service.ts';
import { cancelBillingOfDeletedAccount } from '../billing/billing.service.ts';
import { endUserStreams, transactionWithEvents } from '../events/events.service.ts';
import { takeDownListingsOfDeletedLandlord } from '../listings/listings.service.ts';
import { cancelToursOfDeletedAccount, type ToursDeps } from '../tours/tours.service.ts';
import { closeWaitlistsOfDeletedAccount } from '../tours/waitlist.service.ts';
import { anotherAdminLeft, eraseAccountData } from './account-erasure.ts';

/*
 * `DELETE /api/me` (issue 17, decision 039): the user confirms with their password, then one
 * transaction cancels what involves other people (tours with notice, waitlist places, a
 * landlord's listings and subscription), erases the user's own data and leaves a tombstone row
 * named "Deleted user" so the messages they sent stay readable for the other person. Their
 * sessions end on every instance (the session resolver reads the table) and their live streams
 * close at the commit.
 */

export type AccountCtx = UserCtx<ToursDeps & { storage: MediaStorage; logger: Logger }>;

export type DeletionSummary = {
  sessionsEnded: number;
  toursCancelled: number;
  listingsTakenDown: number;
  subscriptionCancelled: boolean;
};

/**
 * The password check, behind the same per-account lockout as sign-in: a wrong password takes a
 * slot (5 in 15 minutes, then 429), so a stolen session cannot guess its way to a deletion.
 */
async function confirmPassword(ctx: AccountCtx, password: string): Promise<void> {
  const { db, user } = ctx;
  const throttle = { ctx: { db }, input: { email: user.email } };
  const attemptId = await claimSignInAttempt(throttle);
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  const ok = credential?.hash ? await verifyPassword({ hash: credential.hash, password }) : false;
  if (!ok) throw new AppError('INVALID_CREDENTIALS');
  await releaseSignInAttempt({ ctx: { db }, input: { attemptId } });
  await clearSignInFailures(throttle);
}

/** Deletes the signed-in user's account; a wrong password (401) or the last admin (409) changes nothing. */
export async function deleteAccount({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { password: string };
}): Promise<DeletionSummary> {
  await confirmPassword(ctx, input.password);
  const userId = ctx.user.id;
  const now = new Date();
  const { summary, fileKeys } = await transactionWithEvents(ctx, async (tx) => {
    const [row] = await tx
      .select({ email: users.email, userType: users.userType, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row || row.deletedAt) throw new AppError('UNAUTHENTICATED');
    if (row.userType === 'admin' && !(await anotherAdminLeft(tx, userId))) {
      throw new AppError('CONFLICT', { message: LAST_ADMIN_MESSAGE });
    }
    // First what other people see (named as they knew the user), then the erasure.
    const toursCancelled = await cancelToursOfDeletedAccount(tx, ctx, { userId, now });
    await closeWaitlistsOfDeletedAccount(tx, ctx.coverUrl, userId);
    const landlord = row.userType === 'landlord';
    const listingsTakenDown = landlord
      ? await takeDownListingsOfDeletedLandlord({ ctx: { db: tx }, input: { landlordId: userId } })
      : 0;
    const subscriptionCancelled = landlord
      ? await cancelBillingOfDeletedAccount(tx, { landlordId: userId, now })
      : false;
    const erased = await eraseAccountData(tx, { id: userId, email: row.email });
    await endUserStreams(tx, userId);
    const result: DeletionSummary = {
      sessionsEnded: erased.sessionsEnded,
      toursCancelled,
      listingsTakenDown,
      subscriptionCancelled,
    };
    // The admin's trace: what happened, never who it was (no name, no address).
    await recordAudit(tx, {
      actorId: userId,
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      targetLabel: 'Deleted user',
      details: { userType: row.userType, ...result },
    });
    return { summary: result, fileKeys: erased.fileKeys };
  });
  // Files after the commit: a rollback must not lose files still referenced.
  if (fileKeys.length > 0) {
    await ctx.storage.delete(fileKeys).catch((error: unknown) => {
      ctx.logger.error({ err: error, userId }, 'deleting a deleted account’s files failed');
    });
  }
  return summary;
}
