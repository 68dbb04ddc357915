import { eq, sql } from 'drizzle-orm';
import type { SavedListing } from '../../../shared/schemas/saved-listings.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import { listings, savedListings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  type EventBus,
  type EventsTransaction,
  publishEvents,
  transactionWithEvents,
} from '../events/events.service.ts';
import {
  isListingPublic,
  publicListing,
  SUMMARY_COLUMNS,
  type SummaryRow,
  toSummary,
} from '../listings/listings.service.ts';

type Ctx = UserCtx<{ storage: MediaStorage }>;
type Saved = typeof savedListings.$inferSelect;
type SavedRow = SummaryRow &
  RawRow<Pick<Saved, 'userId' | 'savedRentCents'>> & { saved_id: string; saved_at: string };

export const OWN_LISTING_MESSAGE = 'You cannot save your own listing.';

/** Enough for any person's list; the page is not paginated. */
const MAX_SAVED = 500;

function toSaved(storage: MediaStorage, row: SavedRow): SavedListing {
  const listing = toSummary(storage, row);
  return {
    id: row.saved_id,
    userId: row.user_id,
    listingId: row.id,
    createdAt: new Date(row.saved_at).toISOString(),
    available: isListingPublic(listing),
    savedRentCents: row.saved_rent_cents,
    listing,
  };
}

async function selectSaved(db: Db, userId: string, listingId?: string) {
  const sl = savedListings;
  const result = await db.execute<SavedRow>(sql`
    select ${sql.raw(SUMMARY_COLUMNS)}, ${sl.id} as saved_id, ${sl.userId}, ${sl.savedRentCents},
      to_json(${sl.createdAt}) #>> '{}' as saved_at
    from ${sl} join listings l on l.id = ${sl.listingId}
    where ${sl.userId} = ${userId} ${listingId ? sql`and ${sl.listingId} = ${listingId}` : sql``}
    order by ${sl.createdAt} desc, ${sl.id} desc
    limit ${MAX_SAVED}`);
  return result.rows;
}

/** `GET /api/saved-listings`: newest saved first; ones no longer active say so. */
export async function listSavedListings({ ctx: { db, storage, user } }: { ctx: Ctx }) {
  const rows = await selectSaved(db, user.id);
  return { items: rows.map((row) => toSaved(storage, row)) };
}

/**
 * `PUT /api/saved-listings/{listingId}`: idempotent; the unique (user, listing) constraint keeps
 * one row however often or concurrently it is called. Only an active listing can be newly
 * saved; one saved earlier stays saved after it goes off the market.
 */
/** The landlord's dashboard figures moved (a save made or undone). */
function statsChanged(tx: EventsTransaction, landlordId: string) {
  return publishEvents(tx, [{ userId: landlordId, type: 'landlord.stats.changed', data: {} }]);
}

export async function saveListing({
  ctx: { db, storage, user, events },
  input: { listingId },
}: {
  ctx: Ctx & { events: EventBus };
  input: { listingId: string };
}) {
  const userId = user.id;
  // An owner's save would inflate the Saves their own dashboard reports (issue 11 item 7).
  const [owner] = await db
    .select({ landlordId: listings.landlordId })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (owner?.landlordId === userId) {
    throw new AppError('FORBIDDEN', { message: OWN_LISTING_MESSAGE });
  }
  const inserted = await transactionWithEvents({ db, events }, async (tx) => {
    const result = await tx.execute<Pick<Saved, 'id'>>(sql`
      insert into saved_listings (user_id, listing_id, saved_rent_cents)
      select ${userId}, ${listings.id}, ${listings.rentCents} from ${listings}
      where ${listings.id} = ${listingId} and ${publicListing(listings)}
      on conflict (user_id, listing_id) do nothing
      returning id`);
    // The landlord's dashboard counts saves: tell it (only when one was made).
    if (result.rows.length > 0 && owner) await statsChanged(tx, owner.landlordId);
    return result;
  });
  const [row] = await selectSaved(db, userId, listingId);
  if (!row) throw new AppError('NOT_FOUND');
  return { savedListing: toSaved(storage, row), created: inserted.rows.length > 0 };
}

/** `DELETE /api/saved-listings/{listingId}`: idempotent. */
export async function unsaveListing({
  ctx: { db, user, events },
  input: { listingId },
}: {
  ctx: Pick<Ctx, 'db' | 'user'> & { events: EventBus };
  input: { listingId: string };
}) {
  await transactionWithEvents({ db, events }, async (tx) => {
    const removed = await tx.execute<{ landlord_id: string }>(sql`
      delete from ${savedListings} sl using ${listings} l
      where l.id = sl.listing_id and sl.user_id = ${user.id} and sl.listing_id = ${listingId}
      returning l.landlord_id`);
    const landlordId = removed.rows[0]?.landlord_id;
    if (landlordId) await statsChanged(tx, landlordId);
  });
}
