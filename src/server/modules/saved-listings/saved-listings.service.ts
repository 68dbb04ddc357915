import { sql } from 'drizzle-orm';
import type { SavedListing } from '../../../shared/schemas/listings.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from '../listings/listings.service.ts';

type Ctx = { db: Db; storage: MediaStorage };
type SavedRow = SummaryRow & {
  saved_id: string;
  user_id: string;
  saved_at: string;
  saved_rent_cents: number | null;
};

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
    available: listing.status === 'active',
    savedRentCents: row.saved_rent_cents,
    listing,
  };
}

async function selectSaved(db: Db, userId: string, listingId?: string) {
  const result = await db.execute<SavedRow>(sql`
    select ${sql.raw(SUMMARY_COLUMNS)}, sl.id as saved_id, sl.user_id, sl.saved_rent_cents,
      to_json(sl.created_at) #>> '{}' as saved_at
    from saved_listings sl join listings l on l.id = sl.listing_id
    where sl.user_id = ${userId} ${listingId ? sql`and sl.listing_id = ${listingId}` : sql``}
    order by sl.created_at desc, sl.id desc
    limit ${MAX_SAVED}`);
  return result.rows;
}

/** `GET /api/saved-listings`: newest saved first; ones no longer active say so. */
export async function listSavedListings({ db, storage, userId }: Ctx & { userId: string }) {
  const rows = await selectSaved(db, userId);
  return { items: rows.map((row) => toSaved(storage, row)) };
}

/**
 * `PUT /api/saved-listings/{listingId}`: idempotent; the unique (user, listing) constraint keeps
 * one row however often or concurrently it is called. Only an active listing can be newly
 * saved; one saved earlier stays saved after it goes off the market.
 */
export async function saveListing({
  db,
  storage,
  userId,
  listingId,
}: Ctx & { userId: string; listingId: string }) {
  // An owner's save would inflate the Saves their own dashboard reports (issue 11 item 7).
  const owner = await db.execute<{ landlord_id: string }>(
    sql`select landlord_id from listings where id = ${listingId}`,
  );
  if (owner.rows[0]?.landlord_id === userId) {
    throw new AppError('FORBIDDEN', { message: OWN_LISTING_MESSAGE });
  }
  const inserted = await db.execute<{ id: string }>(sql`
    insert into saved_listings (user_id, listing_id, saved_rent_cents)
    select ${userId}, id, rent_cents from listings where id = ${listingId} and status = 'active'
    on conflict (user_id, listing_id) do nothing
    returning id`);
  const [row] = await selectSaved(db, userId, listingId);
  if (!row) throw new AppError('NOT_FOUND');
  return { savedListing: toSaved(storage, row), created: inserted.rows.length > 0 };
}

/** `DELETE /api/saved-listings/{listingId}`: idempotent. */
export async function unsaveListing({
  db,
  userId,
  listingId,
}: {
  db: Db;
  userId: string;
  listingId: string;
}) {
  await db.execute(
    sql`delete from saved_listings where user_id = ${userId} and listing_id = ${listingId}`,
  );
}
