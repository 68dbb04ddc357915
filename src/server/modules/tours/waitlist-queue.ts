import { type SQL, sql } from 'drizzle-orm';
import type {
  WaitlistEntry,
  WaitlistPreferences,
  WEEKDAYS,
} from '../../../shared/schemas/tours.ts';
import { waitlistEntries } from '../../db/schema/tours.ts';
import { enqueueJob } from '../../lib/jobs/jobs.ts';
import { isoTime } from '../../lib/time.ts';
import { type EventsTransaction, publishEvents } from '../events/events.service.ts';
import {
  type CoverUrl,
  LISTING_REF_COLUMNS,
  type ListingRefRow,
  toListingRef,
} from './listing-ref.ts';
import type { Executor } from './tour-view.ts';

/*
 * The waitlist's rows and the queue moves a booking or a freed slot causes. The tours service
 * and the waitlist service both use this file; it imports neither (the import graph stays
 * acyclic).
 */

type EntryRow = ListingRefRow & {
  id: string;
  renter_id: string;
  landlord_id: string;
  preferences: WaitlistPreferences;
  status: WaitlistEntry['status'];
  position: number | null;
  offer_starts_at: string | null;
  offer_ends_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
  renter_name: string;
  renter_email: string;
  time_zone: string | null;
};

export type EntryRecord = WaitlistEntry & {
  renterEmail: string;
  landlordId: string;
  timeZone: string | null;
};

const ACTIVE = sql`('waiting', 'offered')`;

export async function selectEntries(
  db: Executor,
  coverUrl: CoverUrl,
  where: SQL,
): Promise<EntryRecord[]> {
  const result = await db.execute<EntryRow>(sql`
    select e.id, e.listing_id, e.renter_id, l.landlord_id, e.preferences, e.status,
      e.offer_starts_at, e.offer_ends_at, e.offer_expires_at, e.created_at,
      case when e.status in ${ACTIVE} then (
        select count(*)::int from ${waitlistEntries} q
        where q.listing_id = e.listing_id and q.status in ${ACTIVE}
          and (q.created_at, q.id) <= (e.created_at, e.id)) end as position,
      ${LISTING_REF_COLUMNS},
      r.name as renter_name, r.email as renter_email, a.time_zone
    from ${waitlistEntries} e
    join listings l on l.id = e.listing_id
    join users r on r.id = e.renter_id
    left join landlord_availability a on a.landlord_id = l.landlord_id
    where ${where}
    order by e.listing_id, e.created_at, e.id`);
  return result.rows.map((row) => ({
    id: row.id,
    listingId: row.listing_id,
    listing: toListingRef(row, coverUrl),
    renter: { id: row.renter_id, name: row.renter_name },
    preferences: row.preferences,
    status: row.status,
    position: row.position,
    offer:
      row.status === 'offered' && row.offer_starts_at && row.offer_ends_at && row.offer_expires_at
        ? {
            start: isoTime(row.offer_starts_at),
            end: isoTime(row.offer_ends_at),
            expiresAt: isoTime(row.offer_expires_at),
          }
        : null,
    createdAt: isoTime(row.created_at),
    renterEmail: row.renter_email,
    landlordId: row.landlord_id,
    timeZone: row.time_zone,
  }));
}

export function toEntry(record: EntryRecord): WaitlistEntry {
  const { renterEmail: _e, landlordId: _l, timeZone: _t, ...entry } = record;
  return entry;
}

/** `waitlist.changed` to the entry's renter and the listing's landlord. */
export async function publishEntry(tx: EventsTransaction, record: EntryRecord): Promise<void> {
  const entry = toEntry(record);
  await publishEvents(tx, [
    { userId: record.renter.id, type: 'waitlist.changed', data: { entry } },
    { userId: record.landlordId, type: 'waitlist.changed', data: { entry } },
  ]);
}

export function offerExpiryJobKey(entryId: string): string {
  return `tours.waitlist-offer-expire:${entryId}`;
}

/**
 * After commit, a freed slot (`start`; none: new hours) goes to the first matching entry. One
 * pending job per listing and start, so a burst of changes makes one offer per freed time.
 */
export async function enqueueSlotFreed(
  tx: Executor,
  listingId: string,
  start?: string,
): Promise<void> {
  await enqueueJob(tx, 'tours.offer-freed-slot', start ? { listingId, start } : { listingId }, {
    jobKey: `tours.offer-freed-slot:${listingId}:${start ?? 'any'}`,
  });
}

export async function removeJob(tx: Executor, jobKey: string): Promise<void> {
  await tx.execute(sql`select graphile_worker.remove_job(${jobKey})`);
}

/**
 * A renter booked a tour of the listing: their place in its queue has done its job. An offer
 * they held for another time frees that time for the next in line.
 */
export async function settleWaitlistOnBooking(
  tx: EventsTransaction,
  coverUrl: CoverUrl,
  input: { listingId: string; renterId: string; start: Date },
): Promise<void> {
  const updated = await tx.execute<{
    id: string;
    offered_elsewhere: boolean;
    was_offered: boolean;
    offer_starts_at: string | null;
  }>(sql`
    update ${waitlistEntries} e set status = 'booked', updated_at = now()
    from (select id, status, offer_starts_at from ${waitlistEntries}
      where listing_id = ${input.listingId} and renter_id = ${input.renterId}
        and status in ${ACTIVE} for update) old
    where e.id = old.id
    returning e.id, old.status = 'offered' as was_offered, old.offer_starts_at,
      (old.status = 'offered' and old.offer_starts_at <> ${input.start.toISOString()}::timestamptz)
        as offered_elsewhere`);
  for (const row of updated.rows) {
    if (row.was_offered) await removeJob(tx, offerExpiryJobKey(row.id));
    if (row.offered_elsewhere && row.offer_starts_at) {
      await enqueueSlotFreed(tx, input.listingId, isoTime(row.offer_starts_at));
    }
    const [record] = await selectEntries(tx, coverUrl, sql`e.id = ${row.id}`);
    if (record) await publishEntry(tx, record);
  }
  if (updated.rows.length > 0) await publishQueueMoves(tx, coverUrl, input.listingId);
}

const DAY_PART_BOUNDS = { morning: [0, 12], afternoon: [12, 17], evening: [17, 24] } as const;

/** Whether a slot starting at local `weekday`/`hour` suits the preferences (empty means any). */
export function slotMatches(
  preferences: WaitlistPreferences,
  slot: { weekday: (typeof WEEKDAYS)[number]; hour: number },
  offeredTypes: readonly string[],
): boolean {
  const { days, times, types } = preferences;
  if (days.length > 0 && !days.includes(slot.weekday)) return false;
  if (
    times.length > 0 &&
    !times.some((part) => {
      const [from, to] = DAY_PART_BOUNDS[part];
      return slot.hour >= from && slot.hour < to;
    })
  ) {
    return false;
  }
  return types.length === 0 || types.some((type) => offeredTypes.includes(type));
}

/**
 * New hours or settings may open slots: each of the landlord's listings (or the one listing)
 * with renters waiting gets an offer run after commit.
 */
export async function offerAfterNewHours(
  tx: Executor,
  scope: { landlordId: string } | { listingId: string },
): Promise<void> {
  const filter =
    'listingId' in scope
      ? sql`e.listing_id = ${scope.listingId}`
      : sql`e.listing_id in (select id from listings where landlord_id = ${scope.landlordId})`;
  const waiting = await tx.execute<{ listing_id: string }>(sql`
    select distinct e.listing_id from ${waitlistEntries} e where ${filter} and e.status = 'waiting'`);
  for (const row of waiting.rows) await enqueueSlotFreed(tx, row.listing_id);
}

/** Someone left the line: everyone still in it moved up (`waitlist.changed` with positions). */
export async function publishQueueMoves(
  tx: EventsTransaction,
  coverUrl: CoverUrl,
  listingId: string,
): Promise<void> {
  const queue = await selectEntries(
    tx,
    coverUrl,
    sql`e.listing_id = ${listingId} and e.status in ${ACTIVE}`,
  );
  for (const entry of queue) await publishEntry(tx, entry);
}
