import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import { type ListingSummary, SIMILAR_LIMIT } from '../../../shared/schemas/listing-responses.ts';
import { sqlText } from '../../db/raw.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx, ViewerCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './listing-json.ts';
import type { ListingSearch } from './listing-search.ts';
import { isListingPublic, publicListing } from './listing-visibility.ts';

/*
 * Similar listings: active, the same number of bedrooms, rent within 15% and in the same or a
 * neighbouring area (centers within NEIGHBOUR_KM; one NEARBY table for both uses).
 * - "Listings like the ones you saved" (renter dashboard), newest first: one statement, each
 *   saved listing a few (area, bedrooms, rent range) criteria joined against the
 *   active-by-neighborhood index.
 * - `GET /api/listings/{id}/similar` (the listing page, issue 16): from the search index,
 *   closest rent first, then newest; then the rows by id.
 */

export const SIMILAR_RENT_SPREAD = 0.15;
const NEIGHBOUR_KM = 3;
const l = alias(listings, 'l');

/** Kilometres between two points (haversine). */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Each neighborhood with itself and those whose centers lie within NEIGHBOUR_KM. */
export const NEARBY = new Map(
  NEIGHBORHOODS.map((hood) => [
    hood.slug,
    NEIGHBORHOODS.filter((other) => distanceKm(hood, other) <= NEIGHBOUR_KM).map((o) => o.slug),
  ]),
);

/** The rent range a listing's similar ones fall in (±SIMILAR_RENT_SPREAD, whole cents). */
const rentRange = (rentCents: number) => ({
  minRentCents: Math.floor(rentCents * (1 - SIMILAR_RENT_SPREAD)),
  maxRentCents: Math.ceil(rentCents * (1 + SIMILAR_RENT_SPREAD)),
});

export type SimilarTo = {
  neighborhood: string | null;
  bedrooms: number | null;
  rentCents: number | null;
};

export async function similarListings({
  ctx: { db, storage, user },
  input: { like, exclude, limit },
}: {
  ctx: UserCtx<{ storage: MediaStorage }>;
  input: { like: SimilarTo[]; exclude: string[]; limit: number };
}): Promise<ListingSummary[]> {
  const hoods: string[] = [];
  const beds: number[] = [];
  const low: number[] = [];
  const high: number[] = [];
  const seen = new Set<string>();
  for (const listing of like) {
    if (!listing.neighborhood || listing.bedrooms === null || !listing.rentCents) continue;
    const { minRentCents: lo, maxRentCents: hi } = rentRange(listing.rentCents);
    for (const hood of NEARBY.get(listing.neighborhood) ?? [listing.neighborhood]) {
      const key = `${hood}|${listing.bedrooms}|${lo}|${hi}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hoods.push(hood);
      beds.push(listing.bedrooms);
      low.push(lo);
      high.push(hi);
    }
  }
  if (hoods.length === 0) return [];
  const result = await db.execute<SummaryRow>(sql`
    select ${sql.raw(SUMMARY_COLUMNS)}
    from ${listings} l
    where ${publicListing(l)} and l.landlord_id <> ${user.id}
      and not (l.id = any(${sql.param(exclude)}::uuid[]))
      and exists (
        select 1 from unnest(${sql.param(hoods)}::text[], ${sql.param(beds)}::int[],
          ${sql.param(low)}::int[], ${sql.param(high)}::int[]) as c(hood, beds, lo, hi)
        where l.neighborhood = c.hood and l.bedrooms = c.beds
          and l.rent_cents between c.lo and c.hi)
    order by l.published_at desc nulls last, l.id
    limit ${limit}`);
  return result.rows.map((row) => toSummary(storage, row));
}

/** The listings of the given ids that are public, in that order; named, planned once. */
const ROWS_BY_ID = {
  name: 'listing-similar-rows',
  text: `select ${SUMMARY_COLUMNS} from listings l
    where l.id = any($1::uuid[]) and ${sqlText(publicListing(l))}`,
};

/**
 * `GET /api/listings/{id}/similar`: up to SIMILAR_LIMIT active listings like this one, never
 * itself. The listing answers 404 to whoever `GET /api/listings/{id}` would (not public, and
 * not the viewer's own nor an admin's to see); one without area, bedrooms or rent has none.
 */
export async function similarToListing({
  ctx: { db, storage, user: viewer, listingSearch },
  input: { listingId },
}: {
  ctx: ViewerCtx<{ storage: MediaStorage; listingSearch: ListingSearch }>;
  input: { listingId: string };
}): Promise<ListingSummary[]> {
  const [listing] = await db
    .select({
      status: l.status,
      landlordId: l.landlordId,
      neighborhood: l.neighborhood,
      bedrooms: l.bedrooms,
      rentCents: l.rentCents,
    })
    .from(l)
    .where(eq(l.id, listingId));
  const visible =
    listing !== undefined &&
    (isListingPublic(listing) ||
      (viewer !== null && (viewer.id === listing.landlordId || viewer.userType === 'admin')));
  if (!visible) throw new AppError('NOT_FOUND');
  const { neighborhood, bedrooms, rentCents } = listing;
  if (!neighborhood || bedrooms === null || !rentCents) return [];
  const index = await listingSearch.current();
  const ids = index.similar({
    neighborhoods: NEARBY.get(neighborhood) ?? [neighborhood],
    bedrooms,
    ...rentRange(rentCents),
    rentCents,
    excludeId: listingId,
    limit: SIMILAR_LIMIT,
  });
  if (ids.length === 0) return [];
  const result = await db.$client.query<SummaryRow>({ ...ROWS_BY_ID, values: [ids] });
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(storage, row)] : [];
  });
}
