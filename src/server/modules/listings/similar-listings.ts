import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import type { ListingSummary } from '../../../shared/schemas/listings.ts';
import { listings } from '../../db/schema/listings.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './listing-json.ts';
import { publicListing } from './listing-visibility.ts';

/*
 * "Listings like the ones you saved": active, the same number of bedrooms, rent within 15% and
 * in the same or a neighbouring area (centers within NEIGHBOUR_KM), newest first. One statement:
 * each saved listing becomes a few (area, bedrooms, rent range) criteria joined against the
 * active-by-neighborhood index.
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
const NEARBY = new Map(
  NEIGHBORHOODS.map((hood) => [
    hood.slug,
    NEIGHBORHOODS.filter((other) => distanceKm(hood, other) <= NEIGHBOUR_KM).map((o) => o.slug),
  ]),
);

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
    const lo = Math.floor(listing.rentCents * (1 - SIMILAR_RENT_SPREAD));
    const hi = Math.ceil(listing.rentCents * (1 + SIMILAR_RENT_SPREAD));
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
