import type { Slot, SlotsResponse, TourSettings } from '../../../shared/schemas/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ViewerCtx } from '../../lib/service.ts';
import { isListingPublic, publicListing, visibleListing } from '../listings/listings.service.ts';
import type { Executor } from './availability-store.ts';
import { SlotCache } from './slot-cache.ts';
import { loadSlotSources, type SlotSources } from './slot-sources.ts';
import { computeSlots, findSlot, localDateOf, type SlotInput } from './slots.ts';

/*
 * Slots from the database (issue 13): a listing's hours and settings, its landlord's active
 * tours on every listing (for buffers and caps) and the waitlist offers held on it, handed to the
 * pure engine in slots.ts. Only public listings have slots; their owner may preview a draft.
 */

export { ACTIVE_TOUR_STATUSES } from './slot-sources.ts';

const MINUTE = 60_000;

function engineInput(
  { context, busy, holds }: SlotSources,
  dates: { from: string; to: string; now: Date; forRenterId: string | null },
): SlotInput {
  const { timeZone, weeklyHours, overrides, vacations } = context.availability;
  return {
    timeZone,
    weeklyHours,
    overrides,
    vacations,
    settings: context.settings,
    busy,
    holds,
    listingId: context.listingId,
    ...dates,
  };
}

/** `GET /api/listings/{id}/tour-slots`: public listings for everyone, a draft for its owner. */
export async function listingSlots(args: {
  ctx: ViewerCtx;
  input: { listingId: string; from: string; to: string };
}): Promise<SlotsResponse> {
  return (await computeListingSlots(args)).response;
}

async function computeListingSlots({
  ctx: { db, user },
  input: { listingId, from, to },
}: {
  ctx: ViewerCtx;
  input: { listingId: string; from: string; to: string };
}) {
  const now = new Date();
  const sources = await loadSlotSources(db, {
    listingId,
    visible: (listing) => (user ? visibleListing(listing, user.id) : publicListing(listing)),
    from,
    to,
    now,
  });
  if (!sources) throw new AppError('NOT_FOUND');
  const response: SlotsResponse = {
    timeZone: sources.context.availability.timeZone,
    slots: computeSlots(engineInput(sources, { from, to, now, forRenterId: user?.id ?? null })),
  };
  return { response, sources };
}

/**
 * The same answer, serialized, from `cache` when it holds it (see slot-cache.ts): only the
 * renter-neutral answer of a public listing is kept.
 */
export async function cachedListingSlots(args: {
  ctx: ViewerCtx & { slotCache: SlotCache };
  input: { listingId: string; from: string; to: string };
}): Promise<string> {
  const { slotCache, user } = args.ctx;
  const { listingId, from, to } = args.input;
  const key = SlotCache.key(listingId, from, to);
  const cached = slotCache.get(key, user?.id ?? null);
  if (cached) return cached.body;
  const token = slotCache.begin();
  const { response, sources } = await computeListingSlots(args);
  const body = JSON.stringify(response);
  const { context, holds } = sources;
  const holders = new Set(holds.map((hold) => hold.renterId));
  const neutral = !user || (user.id !== context.landlordId && !holders.has(user.id));
  if (isListingPublic(context) && neutral) {
    const first = response.slots[0];
    slotCache.set(key, token, {
      landlordId: context.landlordId,
      holders,
      body,
      firstSlotClosesAt: first
        ? Date.parse(first.start) - context.settings.minNoticeMinutes * MINUTE
        : undefined,
    });
  }
  return body;
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
  const startMs = new Date(input.start).getTime();
  if (Number.isNaN(startMs)) return null;
  // The start's UTC date, a day either side: its local date in any zone is among them.
  const utcDate = new Date(startMs).toISOString().slice(0, 10);
  const sources = await loadSlotSources(tx, {
    listingId: input.listingId,
    visible: publicListing,
    from: utcDate,
    to: utcDate,
    now: input.now,
    ignoreTourId: input.ignoreTourId,
  });
  if (!sources) return null;
  const { timeZone } = sources.context.availability;
  const date = localDateOf(input.start, timeZone);
  const slot = findSlot(
    engineInput(sources, { from: date, to: date, now: input.now, forRenterId: input.renterId }),
    input.start,
  );
  return slot
    ? { slot, settings: sources.context.settings, timeZone, landlordId: sources.context.landlordId }
    : null;
}
