import { type SQL, sql } from 'drizzle-orm';
import type { BookTourInput, Tour, TourSettings, TourType } from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import { landlordAvailability, listingTourSettings, tours } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { isoTime } from '../../lib/time.ts';
import {
  type EventBus,
  type EventsTransaction,
  transactionWithEvents,
} from '../events/events.service.ts';
import { publicListing } from '../listings/listings.service.ts';
import { fullSettings } from './availability-store.ts';
import { explainUnbookable, settingsOfListing, takeBookingAllowance } from './booking-checks.ts';
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

/** A request waits for its answer this long, but never past the tour's start. */
function requestDeadline(now: Date, start: Date, hours: number): Date {
  return new Date(Math.min(now.getTime() + hours * 3_600_000, start.getTime()));
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

type Precheck = {
  landlord_id: string;
  taken: number;
  settings: Partial<TourSettings> | null;
  earlier: KeyRow | null;
};

/**
 * One look before the transaction: the listing's landlord and effective settings, and how many
 * seats of the slot are taken already (a visibly full slot is refused without a transaction).
 */
async function precheck(
  db: Executor,
  booking: Pick<SlotBooking, 'listingId' | 'start' | 'renterId' | 'idempotencyKey'>,
) {
  const { listingId, start } = booking;
  const result = await db.execute<Precheck>(sql`
    select ${listings.landlordId},
      (select json_build_object('id', k.id, 'listing_id', k.listing_id,
          'starts_at', k.starts_at, 'rescheduled_from_id', k.rescheduled_from_id)
        from ${tours} k
        where k.renter_id = ${booking.renterId} and k.idempotency_key = ${booking.idempotencyKey})
        as earlier,
      (select count(*)::int from ${tours} t where t.listing_id = ${listings.id}
        and t.starts_at = ${start.toISOString()} and t.status in ('requested', 'confirmed')) as taken,
      coalesce(s.settings, a.tour_defaults) as settings
    from ${listings}
    left join ${listingTourSettings} s on s.listing_id = ${listings.id}
    left join ${landlordAvailability} a on a.landlord_id = ${listings.landlordId}
    where ${listings.id} = ${listingId} and ${publicListing(listings)}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    landlordId: row.landlord_id,
    taken: row.taken,
    settings: fullSettings(row.settings),
    earlier: row.earlier,
  };
}

/**
 * Inserts the tour at the lowest seat free in this statement's view. A seat another open
 * transaction has just taken makes this insert wait for it; if that one commits, the unique
 * index refuses ours and the next seat is tried (in a savepoint), up to the capacity.
 */
async function insertSeat(
  tx: EventsTransaction,
  row: { capacity: number; values: SQL },
  listingId: string,
  start: Date,
): Promise<string> {
  const insert = (db: Executor) =>
    db.execute<{ id: string }>(sql`
      insert into ${tours} (listing_id, renter_id, landlord_id, starts_at, ends_at, type, note,
        status, expires_at, rescheduled_from_id, sequence, idempotency_key, seat)
      select ${row.values}, free.seat
      from generate_series(1, ${row.capacity}::int) as free(seat)
      where not exists (select 1 from ${tours} o where o.listing_id = ${listingId}
        and o.starts_at = ${start.toISOString()} and o.seat = free.seat
        and o.status in ('requested', 'confirmed'))
      order by free.seat limit 1
      returning id`);
  if (row.capacity === 1) {
    // A private slot has no other seat to try: a unique violation ends the booking as it is.
    const id = (await insert(tx)).rows[0]?.id;
    if (!id) throw slotTaken();
    return id;
  }
  for (let attempt = 0; attempt < row.capacity; attempt += 1) {
    try {
      const id = await tx.transaction(async (savepoint) => (await insert(savepoint)).rows[0]?.id);
      if (!id) throw slotTaken();
      return id;
    } catch (error) {
      if (uniqueViolation(error) !== 'tours_active_seat_unique') throw error;
    }
  }
  throw slotTaken();
}

/**
 * Books `start` in one transaction. The seat is inserted first: bookings racing for the same
 * slot meet on the seat index, and the losers fail together the moment the winner commits
 * (they do not queue behind each other). Then the landlord's advisory lock serializes the
 * buffer check, so two overlapping starts cannot both pass it; the slot is re-checked with the
 * new tour left out, and anything wrong rolls the whole booking back.
 */
export async function bookSlot(
  ctx: Ctx,
  booking: SlotBooking,
): Promise<{ tour: Tour; created: boolean }> {
  let gates = gatesByPool.get(ctx.db);
  if (!gates) {
    gates = new Map();
    gatesByPool.set(ctx.db, gates);
  }
  const key = `${booking.listingId}|${booking.start.toISOString()}`;
  const ahead = gates.get(key);
  if (ahead) {
    const won = await ahead.then(
      (outcome) => outcome,
      () => null,
    );
    return won
      ? afterWin(won, booking, () => bookSlotNow(ctx, booking))
      : bookSlotNow(ctx, booking);
  }
  const mine = bookSlotNow(ctx, booking).then((result) => ({ ...result, booking }));
  gates.set(key, mine);
  try {
    const { tour, created } = await mine;
    return { tour, created };
  } finally {
    if (gates.get(key) === mine) gates.delete(key);
  }
}

type Outcome = Booked & { booking: SlotBooking };

/**
 * Bookings of one slot in progress on this instance (one app, one pool): the first, which the
 * others wait for. An optimization only: across instances (and for everything else) the database
 * decides.
 */
const gatesByPool = new WeakMap<object, Map<string, Promise<Outcome>>>();

/**
 * A request that waited for another booking of its slot on this instance. When that one has
 * just committed the only seat of a private slot, the answer is known without a query: the same
 * booking again gets its tour, any other a 409. Otherwise it goes on as usual (after a win the
 * first look finds the slot full, one query and no transaction).
 */
function afterWin(
  won: Outcome,
  booking: SlotBooking,
  goOn: () => Promise<{ tour: Tour; created: boolean }>,
): Promise<{ tour: Tour; created: boolean }> {
  const sameRequest =
    won.booking.renterId === booking.renterId &&
    won.booking.idempotencyKey === booking.idempotencyKey;
  if (sameRequest && !booking.rescheduledFromId && !won.booking.rescheduledFromId) {
    return Promise.resolve({ tour: won.tour, created: false });
  }
  const slotNowFull = won.privateSlot === true && !booking.rescheduledFromId;
  if (slotNowFull && booking.renterId !== won.tour.landlord.id) throw slotTaken();
  return goOn();
}

/** `privateSlot`: this call took the only seat of its slot. */
type Booked = { tour: Tour; created: boolean; privateSlot?: boolean };

async function bookSlotNow(ctx: Ctx, booking: SlotBooking): Promise<Booked> {
  const now = new Date();
  const { listingId, start, renterId } = booking;
  const seen = await precheck(ctx.db, booking);
  // The same key again (for a new booking): its first tour, whatever the slot looks like now.
  const earlier = seen ? seen.earlier : await findByKey(ctx.db, renterId, booking.idempotencyKey);
  if (earlier && !booking.rescheduledFromId) {
    return replayBooking(ctx, earlier, { listingId, start: start.toISOString() });
  }
  if (!seen) throw new AppError('NOT_FOUND', { message: 'Listing not found.' });
  const { landlordId, settings } = seen;
  if (landlordId === renterId) {
    throw new AppError('FORBIDDEN', { message: 'You cannot book a tour of your own listing.' });
  }
  // The fast 409 of a contended slot. Had the seat taken been this very booking's, the same
  // statement (one snapshot) would have found it by its key above.
  if (!booking.rescheduledFromId && seen.taken >= settings.capacity) throw slotTaken();
  checkType(settings.types, booking.type);
  const query = { listingId, start, renterId, now };
  try {
    return await transactionWithEvents(ctx, async (tx) => {
      // A reschedule replaces a tour: it adds none, so only a new booking is counted.
      if (!booking.rescheduledFromId) await takeBookingAllowance(tx, { renterId, listingId });
      const replaced = booking.rescheduledFromId
        ? await cancelReplaced(tx, ctx, booking.rescheduledFromId, now, listingId)
        : null;
      const instant = settings.mode === 'instant';
      const end = new Date(start.getTime() + settings.lengthMinutes * 60_000);
      const expiresAt = instant ? null : requestDeadline(now, start, settings.requestExpiryHours);
      const id = await insertSeat(
        tx,
        {
          capacity: settings.capacity,
          values: sql`${listingId}::uuid, ${renterId}::uuid, ${landlordId}::uuid,
            ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${booking.type},
            ${booking.note}, ${instant ? 'confirmed' : 'requested'},
            ${expiresAt?.toISOString() ?? null}::timestamptz, ${booking.rescheduledFromId}::uuid,
            ${replaced?.sequence ?? 0}::int, ${booking.idempotencyKey}`,
        },
        listingId,
        start,
      );
      await lockLandlord(tx, landlordId);
      const fresh = await findBookableSlot(tx, { ...query, ignoreTourId: id });
      if (!fresh) return explainUnbookable(tx, query);
      // Settings saved between the first look and the lock: the tour follows the fresh ones.
      if (fresh.slot.end !== end.toISOString() || fresh.settings.mode !== settings.mode) {
        checkType(fresh.settings.types, booking.type);
        const nowInstant = fresh.settings.mode === 'instant';
        await tx.execute(sql`update ${tours} set ends_at = ${fresh.slot.end},
          status = ${nowInstant ? 'confirmed' : 'requested'},
          expires_at = ${nowInstant ? null : requestDeadline(now, start, fresh.settings.requestExpiryHours).toISOString()}
          where id = ${id}`);
      }
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
      const status = fresh.settings.mode === 'instant' ? 'booked' : 'requested';
      const kind = booking.rescheduledFromId ? 'rescheduled' : status;
      const tour = await announceTour(tx, ctx, { tourId: id, kind, actorId: ctx.user.id, now });
      return { tour: toTour(tour), created: true, privateSlot: fresh.settings.capacity === 1 };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    const taken =
      constraint === 'tours_active_seat_unique' ||
      (error instanceof AppError && error.code === 'SLOT_TAKEN');
    if (taken || constraint === 'tours_renter_idempotency_key_unique') {
      // The seat taken may be this very booking's, sent twice at once: answer with its tour.
      const earlier = await findByKey(ctx.db, renterId, booking.idempotencyKey);
      if (!earlier) throw taken ? slotTaken() : keyReused();
      if (booking.rescheduledFromId) {
        if (earlier.rescheduled_from_id !== booking.rescheduledFromId) throw keyReused();
        const tour = await selectTour(ctx.db, ctx.coverUrl, earlier.id);
        if (!tour) throw keyReused();
        return { tour: toTour(tour), created: false };
      }
      return replayBooking(ctx, earlier, { listingId, start: start.toISOString() });
    }
    throw error;
  }
}
