import { sql } from 'drizzle-orm';
import {
  ABUSE_LIMIT_WINDOW_MS,
  DOCUMENT_UPLOADS_PER_HOUR_MAX,
  PHOTO_UPLOADS_PER_HOUR_MAX,
  REPORTS_PER_HOUR_MAX,
  TOUR_BOOKINGS_PER_HOUR_MAX,
} from '../../shared/constants.ts';
import { RATE_LIMIT_MESSAGES } from '../../shared/errors.ts';
import type { Db } from '../db/client.ts';
import { rateLimitHits as hits } from '../db/schema/rate-limits.ts';
import { AppError } from './app-error.ts';

/*
 * Per-account limits on actions (issue 26), stored in PostgreSQL like the sign-in limits so
 * every instance counts the same rows. A sliding window: an action is allowed while the user
 * has fewer than `max` of them in the last `windowMs`; past that the answer is 429 with
 * Retry-After, the seconds until the oldest counted one leaves the window. Counting and taking
 * happen under a per-user, per-action transaction lock, so a burst of parallel requests queues
 * on it and no more than `max` get through (a plain count-then-insert lets a burst past).
 */

export type RateLimit = {
  /** The name its rows are counted under. */
  action: string;
  max: number;
  windowMs: number;
  /** What the 429 says. */
  message: string;
};

export const TOUR_BOOKINGS_LIMIT: RateLimit = {
  action: 'tour-bookings',
  max: TOUR_BOOKINGS_PER_HOUR_MAX,
  windowMs: ABUSE_LIMIT_WINDOW_MS,
  message: RATE_LIMIT_MESSAGES.tourBookings,
};

export const REPORTS_LIMIT: RateLimit = {
  action: 'reports',
  max: REPORTS_PER_HOUR_MAX,
  windowMs: ABUSE_LIMIT_WINDOW_MS,
  message: RATE_LIMIT_MESSAGES.reports,
};

/** Every photo an account uploads: listing photos, its landlord portrait, note photos. */
export const PHOTO_UPLOADS_LIMIT: RateLimit = {
  action: 'photo-uploads',
  max: PHOTO_UPLOADS_PER_HOUR_MAX,
  windowMs: ABUSE_LIMIT_WINDOW_MS,
  message: RATE_LIMIT_MESSAGES.photoUploads,
};

/** A renter's document uploads (issue 28): files kept whole, so fewer than photos. */
export const DOCUMENT_UPLOADS_LIMIT: RateLimit = {
  action: 'document-uploads',
  max: DOCUMENT_UPLOADS_PER_HOUR_MAX,
  windowMs: ABUSE_LIMIT_WINDOW_MS,
  message: RATE_LIMIT_MESSAGES.documentUploads,
};

/** A 429 that says when to come back (at least a second). */
export function rateLimited(message: string, retryAfterS: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return new AppError('RATE_LIMITED', { message, headers: { 'Retry-After': String(seconds) } });
}

/** A transaction (its lock is held until it ends). */
type Transaction = Pick<Db, 'execute'>;

/**
 * Serializes `userId`'s actions under `key` until the transaction ends: other checks a caller
 * makes after it (the tours it holds) are as atomic as the count.
 */
export async function lockUserAction(tx: Transaction, key: string, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${key}:${userId}`}, 0))`);
}

/**
 * Counts one `limit.action` for the user, or throws its 429. Run it inside the transaction that
 * does the action: a rollback gives the slot back, and the lock holds until the commit. Returns
 * the row's id (for `releaseRateLimit` when the slot was taken in a transaction of its own).
 */
export async function takeRateLimit(
  tx: Transaction,
  limit: RateLimit,
  userId: string,
): Promise<number> {
  await lockUserAction(tx, `rate-limit:${limit.action}`, userId);
  const window = sql`make_interval(secs => ${limit.windowMs / 1000})`;
  const mine = sql`${hits.userId} = ${userId} and ${hits.action} = ${limit.action}`;
  // One statement: drop this user's rows past the window (so they keep at most `max`), count
  // the rest, and take a slot when one is free.
  const { rows } = await tx.execute<{ n: number; retry_after_s: number | null; id: number | null }>(
    sql`with expired as (
        delete from ${hits} where ${mine} and ${hits.createdAt} <= now() - ${window}),
      counted as (
        select count(*)::int as n,
          extract(epoch from min(${hits.createdAt}) + ${window} - now())::float8 as retry_after_s
        from ${hits} where ${mine} and ${hits.createdAt} > now() - ${window}),
      taken as (
        insert into ${hits} (action, user_id)
        select ${limit.action}, ${userId}::uuid from counted where counted.n < ${limit.max}
        returning id)
      select counted.n, counted.retry_after_s, (select id from taken)::int8 as id from counted`,
  );
  const row = rows[0];
  if (!row || row.id === null) {
    throw rateLimited(limit.message, row?.retry_after_s ?? limit.windowMs / 1000);
  }
  return Number(row.id);
}

/** `takeRateLimit` in a transaction of its own, committed at once (before a slow action). */
export function claimRateLimit(db: Db, limit: RateLimit, userId: string): Promise<number> {
  return db.transaction((tx) => takeRateLimit(tx, limit, userId));
}

/** Gives back a slot claimed for an action that then failed (an unreadable photo). */
export async function releaseRateLimit(db: Pick<Db, 'execute'>, id: number): Promise<void> {
  await db.execute(sql`delete from ${hits} where ${hits.id} = ${id}`);
}

/**
 * Runs `action` counted against `limit`: refused before any of its work is done, and the slot
 * given back when it fails (a photo that turns out unreadable costs the user nothing).
 */
export async function withRateLimit<T>(
  db: Db,
  limit: RateLimit,
  userId: string,
  action: () => Promise<T>,
): Promise<T> {
  const id = await claimRateLimit(db, limit, userId);
  try {
    return await action();
  } catch (error) {
    await releaseRateLimit(db, id);
    throw error;
  }
}
