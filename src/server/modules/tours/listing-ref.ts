import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TourListingSchema } from '../../../shared/schemas/tours.ts';

/*
 * The listing a tour or a waitlist entry is about (TourListingSchema): one select list and one
 * mapper for tours, waitlist entries and the landlord's waitlist.
 */

/** The URL of a listing's cover photo, from its storage key and stored widths. */
export type CoverUrl = (photo: { key: string; widths: number[] }) => string;

/** A card-sized variant: the smallest at least 400 px wide, else the largest. */
export function coverUrlFrom(publicUrl: (key: string) => string): CoverUrl {
  return ({ key, widths }) => {
    const sorted = [...widths].sort((a, b) => a - b);
    const width = sorted.find((w) => w >= 400) ?? sorted.at(-1) ?? 0;
    return publicUrl(`${key}-${width}.webp`);
  };
}

export type ListingRefRow = {
  listing_id: string;
  listing_title: string;
  listing_address: string | null;
  listing_unit: string | null;
  listing_neighborhood: string | null;
  listing_borough: string | null;
  cover_photo: { key: string; widths: number[] } | null;
};

/** The ListingRefRow columns but `listing_id`, from a listing aliased `l`. */
export const LISTING_REF_COLUMNS = sql`l.title as listing_title, l.address as listing_address,
  l.unit as listing_unit, l.neighborhood as listing_neighborhood, l.borough as listing_borough,
  (select json_build_object('key', p.storage_key, 'widths', p.widths) from listing_photos p
    where p.listing_id = l.id order by p.position limit 1) as cover_photo`;

export function toListingRef(
  row: ListingRefRow,
  coverUrl: CoverUrl,
): z.infer<typeof TourListingSchema> {
  return {
    id: row.listing_id,
    title: row.listing_title,
    address: row.listing_address,
    unit: row.listing_unit,
    neighborhood: row.listing_neighborhood,
    borough: row.listing_borough,
    coverPhotoUrl: row.cover_photo ? coverUrl(row.cover_photo) : null,
  };
}
