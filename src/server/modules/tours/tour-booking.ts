import { sql } from 'drizzle-orm';
import type { BookTourInput, Tour, TourType } from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import { tours } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { isoTime } from '../../lib/time.ts';
import {
  type EventBus,
  type EventsTransaction,
  transactionWithEvents,
} from '../events/events.service.ts';
import { publicListing } from '../listings/listings.service.ts';
import { explainUnbookable, settingsOfListing } from './booking-checks.ts';
import { findBookableSlot } from './slots.service.ts';
import { announceTour, type TourEffectsDeps } from './tour-effects.ts';
import { checkTransition } from './tour-transitions.ts';
import { type Executor, selectTour, toTour } from './tour-view.ts';
import { enqueueSlotFreed, settleWaitlistOnBooking } from './waitlist-queue.ts';

/*
 * Booking a slot (a new tour or a reschedule's replacement), race-safe: one transaction holds a
 * per-landlord advisory lock, so two bookings of overlapping starts cannot both pass the buffer
 * check, re-checks the slot, and takes the lowest free seat; the unique index
 * `tours_active_seat_unique` is the database's own last word against a double booking.
 */

type Ctx = UserCtx<TourEffectsDeps & { events: EventBus }>;

type KeyRow = {
  id: string;
  listing_id: string;
  starts_at: string;
  rescheduled_from_id: string | null;
};

export async function findByKey(
  db: Executor,
  renterId: string,
  idempotencyKey: string,
): Promise<KeyRow | undefined> {
  const result = await db.execute<KeyRow>(sql`
    select id, listing_id, starts_at, rescheduled_from_id from ${tours}
    where renter_id = ${renterId} and idempotency_key = ${idempotencyKey}`);
  return result.rows[0];
}

const keyReused = () =>
  new AppError('CONFLICT', { message: 'This idempotency key was already used for another tour.' });

/** The first tour of a repeated key (the same booking asked twice). */
export async function replayBooking(
  ctx: { db: Executor; coverUrl: Ctx['coverUrl'] },
  earlier: KeyRow,
  input: Pick<BookTourInput, 'listingId' | 'start'>,
): Promise<{ tour: Tour; created: boolean }> {
  const sameSlot =
    earlier.listing_id === input.listingId &&
    new Date(earlier.starts_at).getTime() === new Date(input.start).getTime();
  if (!sameSlot || earlier.rescheduled_from_id !== null) throw keyReused();
  const tour = await selectTour(ctx.db, ctx.coverUrl, earlier.id);
  if (!tour) throw keyReused();
  return { tour: toTour(tour), created: false };
}

export type SlotBooking = {
  renterId: string;
  listingId: string;
  start: Date;
  type: TourType;
  note: string | null;
  idempotencyKey: string;
  /** A reschedule: the tour this one replaces (cancelled in the same transaction). */
  rescheduledFromId: string | null;
};

const lockLandlord = (tx: Executor, landlordId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tours:${landlordId}`}, 0))`);

async function seatsTaken(db: Executor, listingId: string, start: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${tours}
    where listing_id = ${listingId} and starts_at = ${start.toISOString()}
      and status in ('requested', 'confirmed')`);
  return result.rows[0]?.n ?? 0;
}

const slotTaken = () => new AppError('SLOT_TAKEN');

function checkType(offered: readonly TourType[], type: TourType): void {
  if (offered.includes(type)) return;
  const names = offered.map((t) => (t === 'video' ? 'video' : 'in-person')).join(' and ');
  const message = `This listing offers ${names} tours only.`;
  throw new AppError('VALIDATION_ERROR', { message, details: [{ path: 'type', message }] });
}

function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint ?? '';
  }
  return null;
}

/** The old tour of a reschedule: locked, checked, cancelled. Returns its sequence. */
async function cancelReplaced(
  tx: EventsTransaction,
  ctx: Ctx,
  oldId: string,
  now: Date,
  listingId: string,
): Promise<{ sequence: number; start: string }> {
  const result = await tx.execute<{
    renter_id: string;
    landlord_id: string;
    status: Tour['status'];
    starts_at: string;
    sequence: number;
  }>(sql`select renter_id, landlord_id, status, starts_at, sequence from ${tours}
    where id = ${oldId} for update`);
  const old = result.rows[0];
  if (!old) throw new AppError('NOT_FOUND', { message: 'Tour not found.' });
  const role = old.landlord_id === ctx.user.id ? 'landlord' : 'renter';
  checkTransition({
    action: 'reschedule',
    role,
    status: old.status,
    startsAt: new Date(old.starts_at),
    now,
    cancelCutoffMinutes: (await settingsOfListing(tx, listingId)).cancelCutoffMinutes,
  });
  await tx.execute(sql`
    update ${tours} set status = 'cancelled', cancelled_by = ${role},
      cancel_reason = 'Rescheduled', expires_at = null, sequence = sequence + 1, updated_at = now()
    where id = ${oldId}`);
  // Above the old tour's cancelled file: calendars keep the event at its new time.
  return { sequence: old.sequence + 2, start: isoTime(old.starts_at) };
}

export async function bookSlot(
  ctx: Ctx,
  booking: SlotBooking,
): Promise<{ tour: Tour; created: boolean }> {
  const now = new Date();
  const { listingId, start, renterId } = booking;
  const listing = await ctx.db.execute<{ landlord_id: string }>(sql`
    select ${listings.landlordId} from ${listings}
    where ${listings.id} = ${listingId} and ${publicListing(listings)}`);
  const landlordId = listing.rows[0]?.landlord_id;
  if (!landlordId) throw new AppError('NOT_FOUND', { message: 'Listing not found.' });
  if (landlordId === renterId) {
    throw new AppError('FORBIDDEN', { message: 'You cannot book a tour of your own listing.' });
  }
  const query = { listingId, start, renterId, now };
  // Fast path without the lock: a slot visibly gone is refused at once. (A reschedule checks
  // inside only: the tour it replaces still holds its time until then.)
  const seen = booking.rescheduledFromId ? null : await findBookableSlot(ctx.db, query);
  if (!booking.rescheduledFromId) {
    if (!seen) {
      // Taken by this very booking, sent twice at once?
      const earlier = await findByKey(ctx.db, renterId, booking.idempotencyKey);
      if (earlier) return replayBooking(ctx, earlier, { listingId, start: start.toISOString() });
      return explainUnbookable(ctx.db, query);
    }
    checkType(seen.settings.types, booking.type);
  }
  try {
    return await transactionWithEvents(ctx, async (tx) => {
      await lockLandlord(tx, landlordId);
      const again = await findByKey(tx, renterId, booking.idempotencyKey);
      if (again) {
        if (booking.rescheduledFromId) {
          if (again.rescheduled_from_id !== booking.rescheduledFromId) throw keyReused();
          const tour = await selectTour(tx, ctx.coverUrl, again.id);
          if (!tour) throw keyReused();
          return { tour: toTour(tour), created: false };
        }
        return replayBooking({ db: tx, coverUrl: ctx.coverUrl }, again, {
          listingId,
          start: start.toISOString(),
        });
      }
      if (seen && (await seatsTaken(tx, listingId, start)) >= seen.settings.capacity) {
        throw slotTaken();
      }
      const replaced = booking.rescheduledFromId
        ? await cancelReplaced(tx, ctx, booking.rescheduledFromId, now, listingId)
        : null;
      const sequence = replaced?.sequence ?? 0;
      // The replaced tour no longer holds its seat: re-check with it cancelled.
      const fresh = await findBookableSlot(tx, query);
      if (!fresh) return explainUnbookable(tx, query);
      checkType(fresh.settings.types, booking.type);
      const instant = fresh.settings.mode === 'instant';
      const expiresAt = instant
        ? null
        : new Date(now.getTime() + fresh.settings.requestExpiryHours * 3_600_000);
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into ${tours} (listing_id, renter_id, landlord_id, starts_at, ends_at, type, note,
          status, seat, expires_at, rescheduled_from_id, sequence, idempotency_key)
        select ${listingId}, ${renterId}, ${landlordId}, ${start.toISOString()}, ${fresh.slot.end},
          ${booking.type}, ${booking.note}, ${instant ? 'confirmed' : 'requested'}, free.seat,
          ${expiresAt?.toISOString() ?? null}, ${booking.rescheduledFromId}, ${sequence},
          ${booking.idempotencyKey}
        from generate_series(1, ${fresh.settings.capacity}::int) as free(seat)
        where not exists (select 1 from ${tours} o where o.listing_id = ${listingId}
          and o.starts_at = ${start.toISOString()} and o.seat = free.seat
          and o.status in ('requested', 'confirmed'))
        order by free.seat limit 1
        returning id`);
      const id = inserted.rows[0]?.id;
      if (!id) throw slotTaken();
      await settleWaitlistOnBooking(tx, ctx.coverUrl, { listingId, renterId, start });
      if (booking.rescheduledFromId) {
        await announceTour(tx, ctx, {
          tourId: booking.rescheduledFromId,
          kind: 'cancelled',
          actorId: ctx.user.id,
          now,
          quiet: true,
        });
        if (replaced) await enqueueSlotFreed(tx, listingId, replaced.start);
      }
      const kind = booking.rescheduledFromId ? 'rescheduled' : instant ? 'booked' : 'requested';
      const tour = await announceTour(tx, ctx, { tourId: id, kind, actorId: ctx.user.id, now });
      return { tour: toTour(tour), created: true };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'tours_active_seat_unique') throw slotTaken();
    if (constraint === 'tours_renter_idempotency_key_unique') {
      // The same key on another landlord's listing, committed between our look and our insert.
      const earlier = await findByKey(ctx.db, renterId, booking.idempotencyKey);
      if (earlier && !booking.rescheduledFromId) {
        return replayBooking(ctx, earlier, { listingId, start: start.toISOString() });
      }
      throw keyReused();
    }
    throw error;
  }
}
