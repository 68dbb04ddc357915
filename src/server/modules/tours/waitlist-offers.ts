import { sql } from 'drizzle-orm';
import { WEEKDAYS } from '../../../shared/schemas/tours.ts';
import type { Db } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../lib/jobs/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  type EventBus,
  type EventsTransaction,
  transactionWithEvents,
} from '../events/events.service.ts';
import { settingsOfListing } from './booking-checks.ts';
import { findBookableSlot, listingSlots } from './slots.service.ts';
import { waitlistOfferMail } from './tour-mail.ts';
import type { CoverUrl, Executor } from './tour-view.ts';
import {
  type EntryRecord,
  enqueueSlotFreed,
  offerExpiryJobKey,
  publishEntry,
  removeJob,
  selectEntries,
  slotMatches,
} from './waitlist-queue.ts';

/*
 * Waitlist offers (issue 13): a freed slot is held for the first waiting entry whose
 * preferences it suits; the slot engine counts the hold as a taken seat for everyone else. An
 * offer not taken in time returns the entry to `waiting` (keeping its place in line) and the
 * slot goes to the next match; the entry's last offered start is remembered, so the same slot
 * is not offered to it twice.
 */

export type OfferDeps = {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  coverUrl: CoverUrl;
  baseUrl: string;
};

export const lockLandlordTours = (tx: Executor, landlordId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tours:${landlordId}`}, 0))`);

/** Holds `slot` for `entry` until its hold ends (never past the slot's start). */
export async function makeOffer(
  tx: EventsTransaction,
  deps: OfferDeps,
  entry: EntryRecord,
  slot: { start: string; end: string },
  holdMinutes: number,
  now: Date,
): Promise<EntryRecord> {
  const expiresAt = new Date(
    Math.min(now.getTime() + holdMinutes * 60_000, new Date(slot.start).getTime()),
  );
  await tx.execute(sql`
    update ${waitlistEntries} set status = 'offered', offer_starts_at = ${slot.start},
      offer_ends_at = ${slot.end}, offer_expires_at = ${expiresAt.toISOString()}, updated_at = now()
    where id = ${entry.id}`);
  await enqueueJob(
    tx,
    'tours.waitlist-offer-expire',
    { entryId: entry.id },
    { runAt: expiresAt, jobKey: offerExpiryJobKey(entry.id) },
  );
  const [offered] = await selectEntries(tx, deps.coverUrl, sql`e.id = ${entry.id}`);
  if (!offered?.offer) throw new Error('the offer was not recorded');
  await deps.mailer.send(
    waitlistOfferMail({
      to: offered.renterEmail,
      name: offered.renter.name,
      listingTitle: offered.listing.title,
      listingId: offered.listingId,
      start: offered.offer.start,
      expiresAt: offered.offer.expiresAt,
      timeZone: offered.timeZone ?? 'America/New_York',
      baseUrl: deps.baseUrl,
    }),
    tx,
  );
  await publishEntry(tx, offered);
  return offered;
}

/** Every free slot of a public listing in its booking window, with its settings. */
async function freeSlots(db: Db, listingId: string) {
  const settings = await settingsOfListing(db, listingId);
  const response = await listingSlots({
    ctx: { db, user: null },
    input: { listingId, from: '2000-01-01', to: '2999-12-31' },
  }).catch((error: unknown) => {
    // Not public any more (rented, archived): nothing to offer.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  return response ? { ...response, settings } : null;
}

/** Local weekday and hour of an instant in `timeZone` (formatting only, no offset sums). */
function localParts(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const weekday = (parts.find((p) => p.type === 'weekday')?.value ?? '').toLowerCase();
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  return { weekday: WEEKDAYS.find((day) => day === weekday) ?? 'monday', hour };
}

/**
 * The `tours.offer-freed-slot` job: offers the freed `start` (or, for new hours, the earliest
 * free slot) to the first waiting entry it suits. One offer a run; a listing's runs take the
 * landlord's booking lock, so an offer and a booking never hand out the same seat.
 */
export async function offerFreedSlot(
  deps: OfferDeps,
  input: { listingId: string; start?: string | undefined },
  now = new Date(),
): Promise<EntryRecord | null> {
  // The free slots are read before the transaction: inside it, under the landlord's lock, a
  // second pool connection could wait behind bookings that wait for this lock. Each pick is
  // re-checked under the lock instead.
  const free = await freeSlots(deps.db, input.listingId);
  if (!free || free.slots.length === 0) return null;
  const wanted = input.start ? new Date(input.start).getTime() : null;
  // The freed start first, then the rest in time order.
  const slots = [...free.slots].sort((a, b) => {
    const aw = new Date(a.start).getTime() === wanted ? 0 : 1;
    const bw = new Date(b.start).getTime() === wanted ? 0 : 1;
    return aw - bw || a.start.localeCompare(b.start);
  });
  return transactionWithEvents(deps, async (tx) => {
    const waiting = await selectEntries(
      tx,
      deps.coverUrl,
      sql`e.listing_id = ${input.listingId} and e.status = 'waiting'`,
    );
    const first = waiting[0];
    if (!first) return null;
    await lockLandlordTours(tx, first.landlordId);
    const lastOffered = await tx.execute<{ id: string; offer_starts_at: string | null }>(sql`
      select id, offer_starts_at from ${waitlistEntries}
      where listing_id = ${input.listingId} and status = 'waiting' for update`);
    const skip = new Map(
      lastOffered.rows.map((row) => [
        row.id,
        row.offer_starts_at ? new Date(row.offer_starts_at).getTime() : null,
      ]),
    );
    for (const entry of waiting) {
      if (!skip.has(entry.id)) continue; // no longer waiting
      const matching = slots.filter(
        (candidate) =>
          new Date(candidate.start).getTime() !== skip.get(entry.id) &&
          slotMatches(
            entry.preferences,
            localParts(candidate.start, free.timeZone),
            free.settings.types,
          ),
      );
      // A few tries: a slot booked since the read above is passed over.
      for (const candidate of matching.slice(0, 5)) {
        const found = await findBookableSlot(tx, {
          listingId: input.listingId,
          start: candidate.start,
          renterId: entry.renter.id,
          now,
        });
        if (found) {
          return makeOffer(tx, deps, entry, found.slot, found.settings.offerHoldMinutes, now);
        }
      }
    }
    return null;
  });
}

/** The `tours.waitlist-offer-expire` job: an offer not taken goes back to the queue. */
export async function expireOffer(deps: OfferDeps, entryId: string): Promise<void> {
  await transactionWithEvents(deps, async (tx) => {
    const expired = await tx.execute<{ listing_id: string; offer_starts_at: string }>(sql`
      update ${waitlistEntries} set status = 'waiting', offer_expires_at = null, updated_at = now()
      where id = ${entryId} and status = 'offered' and offer_expires_at <= now()
      returning listing_id, offer_starts_at`);
    const row = expired.rows[0];
    if (!row) return;
    await enqueueSlotFreed(tx, row.listing_id, new Date(row.offer_starts_at).toISOString());
    const [entry] = await selectEntries(tx, deps.coverUrl, sql`e.id = ${entryId}`);
    if (entry) await publishEntry(tx, entry);
  });
}

/** Withdraws an entry's open offer (it left, was removed, or booked another time). */
export async function withdrawOffer(
  tx: EventsTransaction,
  entry: Pick<EntryRecord, 'id' | 'listingId' | 'offer'>,
): Promise<void> {
  if (!entry.offer) return;
  await removeJob(tx, offerExpiryJobKey(entry.id));
  await enqueueSlotFreed(tx, entry.listingId, entry.offer.start);
}
