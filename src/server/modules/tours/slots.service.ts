import { and, eq, gt, inArray, lt, ne, type SQL } from 'drizzle-orm';
import type { Slot, SlotsResponse, TourSettings } from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import { listingTourSettings, tours, waitlistEntries } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ViewerCtx } from '../../lib/service.ts';
import { publicListing, visibleListing } from '../listings/listings.service.ts';
import {
  type Executor,
  type ListingTourContext,
  readListingTourContext,
} from './availability-store.ts';
import {
  type BusyTour,
  computeSlots,
  datesInWindow,
  findSlot,
  instantsAround,
  localDateOf,
  type SlotHold,
  type SlotInput,
} from './slots.ts';

/*
 * Slots from the database (issue 13): a listing's hours and settings, its landlord's active
 * tours on every listing (for buffers and caps) and the waitlist offers held on it, handed to the
 * pure engine in slots.ts. Only public listings have slots; their owner may preview a draft.
 */

/** Tours that hold their time: a request waiting for an answer, or a confirmed tour. */
export const ACTIVE_TOUR_STATUSES = ['requested', 'confirmed'] as const;

type Range = { from: Date; to: Date };

async function busyTours(
  db: Executor,
  context: ListingTourContext,
  range: Range,
  ignoreTourId?: string,
): Promise<BusyTour[]> {
  const conditions: SQL[] = [
    eq(tours.landlordId, context.landlordId),
    inArray(tours.status, [...ACTIVE_TOUR_STATUSES]),
    lt(tours.startsAt, range.to),
    gt(tours.endsAt, range.from),
  ];
  if (ignoreTourId) conditions.push(ne(tours.id, ignoreTourId));
  const rows = await db
    .select({
      listingId: tours.listingId,
      start: tours.startsAt,
      end: tours.endsAt,
      own: listingTourSettings.settings,
    })
    .from(tours)
    .leftJoin(listingTourSettings, eq(listingTourSettings.listingId, tours.listingId))
    .where(and(...conditions));
  const defaults = context.availability.tourDefaults;
  return rows.map(({ own, ...tour }) => {
    // Each tour keeps its own listing's buffers; this listing's come from `context`.
    const settings: Pick<TourSettings, 'bufferBeforeMinutes' | 'bufferAfterMinutes'> =
      tour.listingId === context.listingId ? context.settings : { ...defaults, ...own };
    return {
      ...tour,
      bufferBeforeMinutes: settings.bufferBeforeMinutes,
      bufferAfterMinutes: settings.bufferAfterMinutes,
    };
  });
}

/** Waitlist offers held on the listing right now. */
async function activeHolds(
  db: Executor,
  listingId: string,
  range: Range,
  now: Date,
): Promise<SlotHold[]> {
  const rows = await db
    .select({
      start: waitlistEntries.offerStartsAt,
      end: waitlistEntries.offerEndsAt,
      renterId: waitlistEntries.renterId,
    })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.listingId, listingId),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.offerExpiresAt, now),
        lt(waitlistEntries.offerStartsAt, range.to),
        gt(waitlistEntries.offerEndsAt, range.from),
      ),
    );
  return rows.flatMap((row) =>
    row.start && row.end ? [{ start: row.start, end: row.end, renterId: row.renterId }] : [],
  );
}

/** Everything the engine needs for local dates `from`..`to`, or null when no date can have slots. */
async function slotInput(
  db: Executor,
  context: ListingTourContext,
  dates: { from: string; to: string; now: Date; forRenterId: string | null },
  ignoreTourId?: string,
): Promise<SlotInput | null> {
  const { timeZone, weeklyHours, overrides, vacations } = context.availability;
  const { settings } = context;
  const window = datesInWindow(dates.from, dates.to, dates.now, timeZone, settings.windowDays);
  if (!window) return null;
  const range = instantsAround(window.first, window.last, timeZone);
  const busy = await busyTours(db, context, range, ignoreTourId);
  const holds = await activeHolds(db, context.listingId, range, dates.now);
  return {
    timeZone,
    weeklyHours,
    overrides,
    vacations,
    settings,
    busy,
    holds,
    listingId: context.listingId,
    from: window.first,
    to: window.last,
    now: dates.now,
    forRenterId: dates.forRenterId,
  };
}

/** `GET /api/listings/{id}/tour-slots`: public listings for everyone, a draft for its owner. */
export async function listingSlots({
  ctx: { db, user },
  input: { listingId, from, to },
}: {
  ctx: ViewerCtx;
  input: { listingId: string; from: string; to: string };
}): Promise<SlotsResponse> {
  const visible = user ? visibleListing(listings, user.id) : publicListing(listings);
  const context = await readListingTourContext(db, listingId, visible);
  if (!context) throw new AppError('NOT_FOUND');
  const now = new Date();
  const input = await slotInput(db, context, { from, to, now, forRenterId: user?.id ?? null });
  return {
    timeZone: context.availability.timeZone,
    slots: input ? computeSlots(input) : [],
  };
}

export type BookableSlot = {
  slot: Slot;
  settings: TourSettings;
  timeZone: string;
  landlordId: string;
};

/**
 * For the booking transaction (call it after taking the landlord's lock): the slot of a public
 * listing starting exactly at `start`, with a free seat for `renterId` (their own waitlist hold
 * counts as free), or null. `ignoreTourId`: a tour being rescheduled does not block its new time.
 */
export async function findBookableSlot(
  tx: Executor,
  input: {
    listingId: string;
    start: Date | string;
    renterId: string;
    now: Date;
    ignoreTourId?: string;
  },
): Promise<BookableSlot | null> {
  const context = await readListingTourContext(tx, input.listingId, publicListing(listings));
  if (!context) return null;
  const startMs = new Date(input.start).getTime();
  if (Number.isNaN(startMs)) return null;
  const timeZone = context.availability.timeZone;
  const date = localDateOf(input.start, timeZone);
  const slotsInput = await slotInput(
    tx,
    context,
    { from: date, to: date, now: input.now, forRenterId: input.renterId },
    input.ignoreTourId,
  );
  const slot = slotsInput ? findSlot(slotsInput, input.start) : null;
  return slot
    ? { slot, settings: context.settings, timeZone, landlordId: context.landlordId }
    : null;
}
