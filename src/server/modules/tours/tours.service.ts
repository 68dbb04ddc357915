import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BookTourInput,
  RescheduleTourInputSchema,
  Tour,
  ToursQuerySchema,
} from '../../../shared/schemas/tours.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { tours } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { isoTime } from '../../lib/time.ts';
import {
  type EventBus,
  type EventsTransaction,
  transactionWithEvents,
} from '../events/events.service.ts';
import { settingsOfListing } from './booking-checks.ts';
import { bookSlot, findByKey } from './tour-booking.ts';
import { calendarFileName, tourCalendar } from './tour-calendar.ts';
import { announceTour, syncTourJobs, type TourEffectsDeps } from './tour-effects.ts';
import { checkTransition, type TourAction } from './tour-transitions.ts';
import { coverUrlFrom, selectTour, selectTours, type TourRecord, toTour } from './tour-view.ts';
import { enqueueSlotFreed } from './waitlist-queue.ts';

/*
 * Tours (issue 13): booking, the renter's and the landlord's lists, every state change and the
 * calendar file. Each change runs in one transaction with its live events, mails, jobs and
 * conversation note (tour-effects.ts).
 */

export type ToursDeps = TourEffectsDeps & { events: EventBus };
export type ToursCtx = UserCtx<ToursDeps>;

/** The address part of MAIL_FROM ("Stoop <no-reply@x>" → "no-reply@x"). */
export function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** What the tours module needs of the app's dependencies. */
export function toursDeps(deps: AppDeps): Omit<ToursCtx, 'user'> {
  return {
    db: deps.database.db,
    events: deps.events,
    mailer: deps.mailer,
    coverUrl: coverUrlFrom((key) => deps.storage.publicUrl(key)),
    baseUrl: deps.env.BASE_URL,
    organizerEmail: mailAddress(deps.env.MAIL_FROM),
  };
}

const notFound = () => new AppError('NOT_FOUND', { message: 'Tour not found.' });

/** `POST /api/tours`: 201 with a new tour, or the first one again for a repeated key. */
export async function bookTour({
  ctx,
  input,
}: {
  ctx: ToursCtx;
  input: BookTourInput;
}): Promise<{ tour: Tour; created: boolean }> {
  // A repeated key is answered inside bookSlot (its first look reads the key too).
  return bookSlot(ctx, {
    renterId: ctx.user.id,
    listingId: input.listingId,
    start: new Date(input.start),
    type: input.type,
    note: input.note ?? null,
    idempotencyKey: input.idempotencyKey,
    rescheduledFromId: null,
  });
}

type ToursQuery = z.infer<typeof ToursQuerySchema>;

/** `GET /api/tours`: the renter's own tours, or the tours on the landlord's listings. */
export async function listTours({
  ctx,
  input,
}: {
  ctx: Pick<ToursCtx, 'db' | 'user' | 'coverUrl'>;
  input: ToursQuery;
}): Promise<{ items: Tour[] }> {
  const { user } = ctx;
  const clauses: SQL[] = [
    user.userType === 'landlord' ? sql`t.landlord_id = ${user.id}` : sql`t.renter_id = ${user.id}`,
  ];
  const live = sql`t.status in ('requested', 'confirmed')`;
  if (input.scope === 'upcoming') clauses.push(sql`t.starts_at > now() and ${live}`);
  if (input.scope === 'past') clauses.push(sql`not (t.starts_at > now() and ${live})`);
  if (input.listingId) clauses.push(sql`t.listing_id = ${input.listingId}`);
  if (input.status) clauses.push(sql`t.status = ${input.status}`);
  // Local dates in the landlord's zone (the agenda's days).
  const zone = sql`coalesce(a.time_zone, 'America/New_York')`;
  if (input.from)
    clauses.push(sql`(t.starts_at at time zone ${zone})::date >= ${input.from}::date`);
  if (input.to) clauses.push(sql`(t.starts_at at time zone ${zone})::date <= ${input.to}::date`);
  const order =
    input.scope === 'past' ? sql`order by t.starts_at desc, t.id` : sql`order by t.starts_at, t.id`;
  const records = await selectTours(
    ctx.db,
    ctx.coverUrl,
    sql.join(clauses, sql` and `),
    sql`${order} limit 500`,
  );
  return { items: records.map(toTour) };
}

/** A tour its renter or landlord may see; 404 for anyone else. */
async function visibleTour(
  ctx: Pick<ToursCtx, 'db' | 'user' | 'coverUrl'>,
  id: string,
): Promise<TourRecord> {
  const tour = await selectTour(ctx.db, ctx.coverUrl, id);
  if (!tour || (tour.renter.id !== ctx.user.id && tour.landlord.id !== ctx.user.id)) {
    throw notFound();
  }
  return tour;
}

/** `GET /api/tours/{id}`. */
export async function getTour({
  ctx,
  input,
}: {
  ctx: Pick<ToursCtx, 'db' | 'user' | 'coverUrl'>;
  input: { id: string };
}): Promise<Tour> {
  return toTour(await visibleTour(ctx, input.id));
}

/** `GET /api/tours/{id}/ics`: the tour's calendar file. */
export async function tourIcs({
  ctx,
  input,
}: {
  ctx: Pick<ToursCtx, 'db' | 'user' | 'coverUrl' | 'baseUrl' | 'organizerEmail'>;
  input: { id: string };
}): Promise<{ filename: string; body: string }> {
  const tour = await visibleTour(ctx, input.id);
  return { filename: calendarFileName(tour), body: tourCalendar(tour, ctx) };
}

type LockedTour = {
  id: string;
  listing_id: string;
  renter_id: string;
  landlord_id: string;
  status: Tour['status'];
  starts_at: string;
};

/** The tour row, locked, when `userId` is its renter or landlord; 404 otherwise. */
export async function lockTour(
  tx: EventsTransaction,
  id: string,
  userId: string,
): Promise<LockedTour & { role: 'renter' | 'landlord' }> {
  const result = await tx.execute<LockedTour>(sql`
    select id, listing_id, renter_id, landlord_id, status, starts_at from ${tours}
    where id = ${id} for update`);
  const row = result.rows[0];
  if (!row || (row.renter_id !== userId && row.landlord_id !== userId)) throw notFound();
  return { ...row, role: row.landlord_id === userId ? 'landlord' : 'renter' };
}

const KIND_OF: Record<
  Exclude<TourAction, 'reschedule'>,
  Parameters<typeof announceTour>[2]['kind']
> = {
  confirm: 'confirmed',
  decline: 'declined',
  cancel: 'cancelled',
  complete: 'completed',
  'no-show': 'no_show',
};

/** Statuses whose calendar file differs from the one before (SEQUENCE goes up). */
const CALENDAR_CHANGES = new Set(['confirmed', 'declined', 'cancelled', 'expired']);

/** `POST /api/tours/{id}/{confirm|decline|cancel|complete|no-show}`. */
export async function transitionTour({
  ctx,
  input,
}: {
  ctx: ToursCtx;
  input: { id: string; action: Exclude<TourAction, 'reschedule'>; reason?: string | undefined };
}): Promise<Tour> {
  const now = new Date();
  const record = await transactionWithEvents(ctx, async (tx) => {
    const row = await lockTour(tx, input.id, ctx.user.id);
    const settings = await settingsOfListing(tx, row.listing_id);
    const target = checkTransition({
      action: input.action,
      role: row.role,
      status: row.status,
      startsAt: new Date(row.starts_at),
      now,
      cancelCutoffMinutes: settings.cancelCutoffMinutes,
    });
    const cancelling = input.action === 'cancel' || input.action === 'decline';
    await tx.execute(sql`
      update ${tours} set status = ${target}, updated_at = now(), expires_at = null,
        sequence = sequence + ${CALENDAR_CHANGES.has(target) ? 1 : 0}
        ${cancelling ? sql`, cancelled_by = ${row.role}, cancel_reason = ${input.reason ?? null}` : sql``}
      where id = ${row.id}`);
    // A freed seat goes to the waitlist (after commit, once).
    if (cancelling) await enqueueSlotFreed(tx, row.listing_id, isoTime(row.starts_at));
    return announceTour(tx, ctx, {
      tourId: row.id,
      kind: KIND_OF[input.action],
      actorId: ctx.user.id,
      now,
    });
  });
  return toTour(record);
}

/** `POST /api/tours/{id}/reschedule`: a new tour at `start`, the old one cancelled. */
export async function rescheduleTour({
  ctx,
  input,
}: {
  ctx: ToursCtx;
  input: z.infer<typeof RescheduleTourInputSchema> & { id: string };
}): Promise<{ tour: Tour; created: boolean }> {
  const current = await visibleTour(ctx, input.id);
  const earlier = await findByKey(ctx.db, current.renter.id, input.idempotencyKey);
  if (earlier) {
    if (earlier.rescheduled_from_id !== current.id) {
      throw new AppError('CONFLICT', {
        message: 'This idempotency key was already used for another tour.',
      });
    }
    const tour = await selectTour(ctx.db, ctx.coverUrl, earlier.id);
    if (!tour) throw notFound();
    return { tour: toTour(tour), created: false };
  }
  return bookSlot(ctx, {
    renterId: current.renter.id,
    listingId: current.listingId,
    start: new Date(input.start),
    type: input.type ?? current.type,
    note: input.note ?? current.note,
    idempotencyKey: input.idempotencyKey,
    rescheduledFromId: current.id,
  });
}

/** Demo data: the reminder and expiry jobs of tours written directly by the seed. */
export async function scheduleSeededTourJobs(db: Db, tourIds: string[]): Promise<void> {
  const now = new Date();
  const rows = await db.execute<{
    id: string;
    starts_at: string;
    status: Tour['status'];
    expires_at: string | null;
  }>(sql`select id, starts_at, status, expires_at from ${tours}
    where id = any(${sql.param(tourIds)}::uuid[])`);
  for (const row of rows.rows) {
    await syncTourJobs(
      db,
      {
        id: row.id,
        start: isoTime(row.starts_at),
        status: row.status,
        expiresAt: row.expires_at && isoTime(row.expires_at),
      },
      now,
    );
  }
}

/** $1 landlord: tours ahead by status, and who waits (or holds an offer) on their listings. */
const SELECT_LANDLORD_TOUR_FIGURES = {
  name: 'landlord-tour-figures',
  text: `select
      (select count(*)::int from tours t
        where t.landlord_id = $1 and t.starts_at > now() and t.status = 'confirmed') as upcoming,
      (select count(*)::int from tours t
        where t.landlord_id = $1 and t.starts_at > now() and t.status = 'requested')
        as open_requests,
      w.waiting, w.listings_with_queue
    from (
      select count(*)::int as waiting, count(distinct e.listing_id)::int as listings_with_queue
      from waitlist_entries e join listings l on l.id = e.listing_id
      where l.landlord_id = $1 and e.status in ('waiting', 'offered')
    ) w`,
};

/**
 * The landlord dashboard's tour figures: confirmed tours ahead, requests ahead awaiting an
 * answer, renters in line (waiting or offered a slot) and the listings they wait for.
 */
export async function landlordTourFigures({ ctx: { db, user } }: { ctx: UserCtx }) {
  const result = await db.$client.query<{
    upcoming: number;
    open_requests: number;
    waiting: number;
    listings_with_queue: number;
  }>({ ...SELECT_LANDLORD_TOUR_FIGURES, values: [user.id] });
  const row = result.rows[0];
  return {
    tours: { upcoming: row?.upcoming ?? 0, openRequests: row?.open_requests ?? 0 },
    waitlist: { waiting: row?.waiting ?? 0, listingsWithQueue: row?.listings_with_queue ?? 0 },
  };
}

/** Why every tour of a deleted account was cancelled (the other side's mail and note say it). */
export const ACCOUNT_DELETED_REASON = 'The account was deleted.';

/**
 * Account deletion (decision 039), inside its transaction: every tour of `userId` still ahead
 * (requested or confirmed) is cancelled as if they cancelled it, whatever the renter cut-off,
 * with the usual notice to the other side (live event, mail, conversation note). A seat a renter
 * gave up goes to the waitlist; a deleted landlord's listings are taken down, so theirs do not.
 */
export async function cancelToursOfDeletedAccount(
  tx: EventsTransaction,
  deps: TourEffectsDeps,
  input: { userId: string; now: Date },
): Promise<number> {
  const { userId, now } = input;
  const result = await tx.execute<
    Pick<LockedTour, 'id' | 'listing_id' | 'starts_at'> & {
      role: 'renter' | 'landlord';
    }
  >(sql`
    select id, listing_id, starts_at,
      case when landlord_id = ${userId} then 'landlord' else 'renter' end as role
    from ${tours}
    where (renter_id = ${userId} or landlord_id = ${userId})
      and status in ('requested', 'confirmed') and starts_at > ${now.toISOString()}::timestamptz
    order by starts_at, id
    for update`);
  for (const row of result.rows) {
    await tx.execute(sql`
      update ${tours} set status = 'cancelled', updated_at = now(), expires_at = null,
        sequence = sequence + 1, cancelled_by = ${row.role}, cancel_reason = ${ACCOUNT_DELETED_REASON}
      where id = ${row.id}`);
    if (row.role === 'renter') await enqueueSlotFreed(tx, row.listing_id, isoTime(row.starts_at));
    await announceTour(tx, deps, { tourId: row.id, kind: 'cancelled', actorId: userId, now });
  }
  return result.rows.length;
}
