import { sql } from 'drizzle-orm';
import { LIVE_TOURS_PER_LISTING_MAX } from '../../../shared/constants.ts';
import { RATE_LIMIT_MESSAGES } from '../../../shared/errors.ts';
import type { TourSettings } from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import { tours } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  lockUserAction,
  rateLimited,
  TOUR_BOOKINGS_LIMIT,
  takeRateLimit,
} from '../../lib/rate-limit.ts';
import { publicListing } from '../listings/listings.service.ts';
import { type Executor, readListingTourContext } from './availability-store.ts';
import { bookingWindow, findSlot, localDateOf } from './slots.ts';
import { formatMinutes } from './tour-transitions.ts';

/*
 * Why a start cannot be booked, for the clear answer a renter gets: 400 for a time that is not
 * (or no longer) a slot by the rules, 409 SLOT_TAKEN for a slot other tours or holds fill.
 */

function invalidStart(message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message, details: [{ path: 'start', message }] });
}

/** A listing's effective tour settings, whatever its status (for tours already booked). */
export async function settingsOfListing(db: Executor, listingId: string): Promise<TourSettings> {
  const context = await readListingTourContext(db, listingId, sql`true`);
  if (!context) throw new AppError('NOT_FOUND', { message: 'Listing not found.' });
  return context.settings;
}

/** Throws the answer for a `start` that findBookableSlot refused. */
export async function explainUnbookable(
  db: Executor,
  input: { listingId: string; start: Date; renterId: string; now: Date },
): Promise<never> {
  const context = await readListingTourContext(db, input.listingId, publicListing(listings));
  if (!context) throw new AppError('NOT_FOUND', { message: 'Listing not found.' });
  const { settings, availability } = context;
  const start = input.start.getTime();
  if (start <= input.now.getTime()) {
    throw invalidStart('That time has already passed. Please choose an upcoming time.');
  }
  if (start < input.now.getTime() + settings.minNoticeMinutes * 60_000) {
    throw invalidStart(
      `Tours must be booked at least ${formatMinutes(settings.minNoticeMinutes)} ahead. Please choose a later time.`,
    );
  }
  const window = bookingWindow(input.now, availability.timeZone, settings.windowDays);
  if (localDateOf(input.start, availability.timeZone) > window.last) {
    throw invalidStart(
      `Tours can be booked at most ${settings.windowDays} days ahead. Please choose an earlier date.`,
    );
  }
  // On the grid of open hours with nobody booked: then other tours or holds fill it.
  const open = findSlot(
    {
      timeZone: availability.timeZone,
      weeklyHours: availability.weeklyHours,
      overrides: availability.overrides,
      vacations: availability.vacations,
      settings: { ...settings, maxPerDay: null },
      busy: [],
      holds: [],
      listingId: input.listingId,
      now: input.now,
      forRenterId: input.renterId,
    },
    input.start,
  );
  if (open) throw new AppError('SLOT_TAKEN');
  throw invalidStart(
    "That time is not one of this listing's tour times. Please choose one of the times shown.",
  );
}

/**
 * The abuse limits on a renter's new booking (issue 26), inside the booking's transaction: at
 * most LIVE_TOURS_PER_LISTING_MAX upcoming (requested or confirmed) tours of one listing, and
 * at most TOUR_BOOKINGS_PER_HOUR_MAX bookings an hour. A per-renter lock held to the commit
 * makes both counts exact under concurrency (and across instances); a booking that fails
 * later rolls its count back. Both are 429 with Retry-After: for the upcoming tours, the
 * seconds until the soonest of them starts (then it no longer counts; cancelling one frees a
 * place at once, as the message says).
 */
export async function takeBookingAllowance(
  tx: Executor,
  input: { renterId: string; listingId: string },
): Promise<void> {
  await lockUserAction(tx, 'tour-bookings', input.renterId);
  const result = await tx.execute<{ n: number; soonest_in_s: number | null }>(sql`
    select count(*)::int as n,
      extract(epoch from min(${tours.startsAt}) - now())::float8 as soonest_in_s
    from ${tours}
    where ${tours.renterId} = ${input.renterId} and ${tours.listingId} = ${input.listingId}
      and ${tours.status} in ('requested', 'confirmed') and ${tours.startsAt} > now()`);
  const live = result.rows[0];
  if (live && live.n >= LIVE_TOURS_PER_LISTING_MAX) {
    throw rateLimited(RATE_LIMIT_MESSAGES.liveToursPerListing, live.soonest_in_s ?? 60);
  }
  await takeRateLimit(tx, TOUR_BOOKINGS_LIMIT, input.renterId);
}
