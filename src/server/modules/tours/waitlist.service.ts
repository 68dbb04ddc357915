import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  LandlordWaitlistSchema,
  TourSettings,
  WaitlistEntry,
  WaitlistPreferences,
} from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import {
  landlordAvailability,
  listingTourSettings,
  waitlistEntries,
} from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { type EventsTransaction, transactionWithEvents } from '../events/events.service.ts';
import { publicListing } from '../listings/listings.service.ts';
import { fullSettings } from './availability-store.ts';
import { explainUnbookable, settingsOfListing } from './booking-checks.ts';
import { LISTING_REF_COLUMNS, type ListingRefRow, toListingRef } from './listing-ref.ts';
import { findBookableSlot } from './slots.service.ts';
import { lockLandlordTours, makeOffer, type OfferDeps, withdrawOffer } from './waitlist-offers.ts';
import {
  offerExpiryJobKey,
  publishEntry,
  publishQueueMoves,
  removeJob,
  selectEntries,
  toEntry,
} from './waitlist-queue.ts';

/*
 * The waitlist's API (issue 13): renters join and leave a listing's queue and see their
 * position; landlords see every queue, offer a slot by hand and remove entries. Offers made
 * when a slot frees up run as jobs (waitlist-offers.ts).
 */

export type WaitlistCtx = UserCtx<OfferDeps>;

const entryNotFound = () => new AppError('NOT_FOUND', { message: 'Waitlist entry not found.' });

/** The listing, when public (a renter can only queue for a listing they can see). */
async function listingForQueue(ctx: WaitlistCtx, listingId: string) {
  const result = await ctx.db.execute<{ landlord_id: string }>(sql`
    select ${listings.landlordId} from ${listings}
    where ${listings.id} = ${listingId} and ${publicListing(listings)}`);
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND', { message: 'Listing not found.' });
  return row;
}

/** `POST /api/listings/{id}/waitlist`: joins, or returns the renter's place already held. */
export async function joinWaitlist({
  ctx,
  input,
}: {
  ctx: WaitlistCtx;
  input: { listingId: string; preferences?: WaitlistPreferences | undefined };
}): Promise<{ entry: WaitlistEntry; created: boolean }> {
  await listingForQueue(ctx, input.listingId);
  const settings = await settingsOfListing(ctx.db, input.listingId);
  const mine = sql`e.listing_id = ${input.listingId} and e.renter_id = ${ctx.user.id}
    and e.status in ('waiting', 'offered')`;
  const [existing] = await selectEntries(ctx.db, ctx.coverUrl, mine);
  if (existing) return { entry: toEntry(existing), created: false };
  if (!settings.waitlistOpen) {
    throw new AppError('CONFLICT', {
      message: 'The landlord has closed the waitlist for this listing.',
    });
  }
  const preferences = input.preferences ?? { days: [], times: [], types: [] };
  return transactionWithEvents(ctx, async (tx) => {
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into ${waitlistEntries} (listing_id, renter_id, preferences)
      values (${input.listingId}, ${ctx.user.id}, ${JSON.stringify(preferences)}::jsonb)
      on conflict (listing_id, renter_id) where status in ('waiting', 'offered') do nothing
      returning id`);
    const [entry] = await selectEntries(tx, ctx.coverUrl, mine);
    if (!entry) throw entryNotFound();
    if (inserted.rows.length > 0) await publishEntry(tx, entry);
    return { entry: toEntry(entry), created: inserted.rows.length > 0 };
  });
}

/** `DELETE /api/listings/{id}/waitlist`: leaves the queue (a held offer goes to the next). */
export async function leaveWaitlist({
  ctx,
  input,
}: {
  ctx: WaitlistCtx;
  input: { listingId: string };
}): Promise<void> {
  await transactionWithEvents(ctx, async (tx) => {
    const where = sql`e.listing_id = ${input.listingId} and e.renter_id = ${ctx.user.id}
      and e.status in ('waiting', 'offered')`;
    const [entry] = await selectEntries(tx, ctx.coverUrl, where);
    if (!entry) return;
    await tx.execute(sql`update ${waitlistEntries} set status = 'left', updated_at = now()
      where id = ${entry.id}`);
    await withdrawOffer(tx, entry);
    const [left] = await selectEntries(tx, ctx.coverUrl, sql`e.id = ${entry.id}`);
    if (left) await publishEntry(tx, left);
    await publishQueueMoves(tx, ctx.coverUrl, entry.listingId);
  });
}

/** `GET /api/waitlist`: the renter's entries, those still in a queue first. */
export async function myWaitlist({
  ctx,
}: {
  ctx: WaitlistCtx;
}): Promise<{ items: WaitlistEntry[] }> {
  const records = await selectEntries(
    ctx.db,
    ctx.coverUrl,
    sql`e.renter_id = ${ctx.user.id} and e.status in ('waiting', 'offered', 'booked')`,
  );
  const rank = (entry: WaitlistEntry) => (entry.status === 'booked' ? 1 : 0);
  const items = records
    .map(toEntry)
    .sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt));
  return { items };
}

/**
 * `GET /api/landlord/waitlist`: each listing's queue, in line order. Listings someone waits for
 * come first; then every other active listing (newest first), to open or close its list before
 * anyone joins. All of them: the screen counts them, and a cut-off list would count wrong.
 */
export async function landlordWaitlist({
  ctx,
}: {
  ctx: WaitlistCtx;
}): Promise<z.infer<typeof LandlordWaitlistSchema>> {
  const queued = sql`exists (select 1 from ${waitlistEntries} w
    where w.listing_id = l.id and w.status in ('waiting', 'offered'))`;
  const listingRows = await ctx.db.execute<
    ListingRefRow & {
      own_settings: Partial<TourSettings> | null;
      defaults: Partial<TourSettings> | null;
    }
  >(sql`
    select l.id as listing_id, ${LISTING_REF_COLUMNS},
      s.settings as own_settings, a.tour_defaults as defaults
    from ${listings} l
    left join ${listingTourSettings} s on s.listing_id = l.id
    left join ${landlordAvailability} a on a.landlord_id = l.landlord_id
    where l.landlord_id = ${ctx.user.id} and (l.status = 'active' or ${queued})
    order by ${queued} desc, l.created_at desc`);
  if (listingRows.rows.length === 0) return { items: [] };
  const idList = sql.join(
    listingRows.rows.map((row) => sql`${row.listing_id}::uuid`),
    sql`, `,
  );
  const entries = await selectEntries(
    ctx.db,
    ctx.coverUrl,
    sql`e.listing_id in (${idList}) and e.status in ('waiting', 'offered')`,
  );
  const items = listingRows.rows.map((row) => ({
    listing: toListingRef(row, ctx.coverUrl),
    open: fullSettings(row.own_settings ?? row.defaults ?? {}).waitlistOpen,
    entries: entries.filter((entry) => entry.listingId === row.listing_id).map(toEntry),
  }));
  return { items };
}

/** An entry on one of the landlord's listings; 404 for anyone else. */
async function landlordEntry(ctx: WaitlistCtx, entryId: string) {
  const [entry] = await selectEntries(ctx.db, ctx.coverUrl, sql`e.id = ${entryId}`);
  if (!entry || entry.landlordId !== ctx.user.id) throw entryNotFound();
  return entry;
}

function notInQueue(status: string): AppError {
  return new AppError('CONFLICT', {
    message: `This entry is no longer in the queue (it is ${status}).`,
  });
}

/** `POST /api/waitlist/{entryId}/offer`: the landlord holds `start` for this renter. */
export async function offerByHand({
  ctx,
  input,
}: {
  ctx: WaitlistCtx;
  input: { entryId: string; start: string };
}): Promise<WaitlistEntry> {
  const now = new Date();
  const entry = await landlordEntry(ctx, input.entryId);
  if (entry.status !== 'waiting' && entry.status !== 'offered') throw notInQueue(entry.status);
  return transactionWithEvents(ctx, async (tx) => {
    await lockLandlordTours(tx, ctx.user.id);
    const query = {
      listingId: entry.listingId,
      start: new Date(input.start),
      renterId: entry.renter.id,
      now,
    };
    const found = await findBookableSlot(tx, query);
    if (!found) return explainUnbookable(tx, query);
    // A new offer replaces the entry's open one; that time goes back to the queue.
    await withdrawOffer(tx, entry);
    const offered = await makeOffer(
      tx,
      ctx,
      entry,
      found.slot,
      found.settings.offerHoldMinutes,
      now,
    );
    return toEntry(offered);
  });
}

/** `POST /api/waitlist/{entryId}/remove`: the landlord takes the entry out of the queue. */
export async function removeEntry({
  ctx,
  input,
}: {
  ctx: WaitlistCtx;
  input: { entryId: string };
}): Promise<WaitlistEntry> {
  const entry = await landlordEntry(ctx, input.entryId);
  if (entry.status !== 'waiting' && entry.status !== 'offered') throw notInQueue(entry.status);
  return transactionWithEvents(ctx, async (tx) => {
    await tx.execute(sql`update ${waitlistEntries} set status = 'removed', updated_at = now()
      where id = ${entry.id}`);
    await withdrawOffer(tx, entry);
    const [removed] = await selectEntries(tx, ctx.coverUrl, sql`e.id = ${entry.id}`);
    if (!removed) throw entryNotFound();
    await publishEntry(tx, removed);
    await publishQueueMoves(tx, ctx.coverUrl, entry.listingId);
    return toEntry(removed);
  });
}

/**
 * Account deletion (decision 039), inside its transaction: the renter's own entries go (an
 * offer they held goes to the next in line), and the queues of a landlord's listings close:
 * each waiting renter's entry is `removed` and they hear of it live.
 */
export async function closeWaitlistsOfDeletedAccount(
  tx: EventsTransaction,
  coverUrl: OfferDeps['coverUrl'],
  userId: string,
): Promise<void> {
  const own = await selectEntries(
    tx,
    coverUrl,
    sql`e.renter_id = ${userId} and e.status in ('waiting', 'offered')`,
  );
  for (const entry of own) await withdrawOffer(tx, entry);
  await tx.execute(sql`delete from ${waitlistEntries} where renter_id = ${userId}`);
  // Those behind them moved up a place.
  for (const listingId of new Set(own.map((entry) => entry.listingId))) {
    await publishQueueMoves(tx, coverUrl, listingId);
  }
  const queued = await tx.execute<{ id: string }>(sql`
    update ${waitlistEntries} set status = 'removed', offer_expires_at = null, updated_at = now()
    where status in ('waiting', 'offered')
      and listing_id in (select id from ${listings} where landlord_id = ${userId})
    returning id`);
  for (const { id } of queued.rows) {
    await removeJob(tx, offerExpiryJobKey(id));
    const [entry] = await selectEntries(tx, coverUrl, sql`e.id = ${id}`);
    if (entry) await publishEntry(tx, entry);
  }
}
