import { netEffectiveRentCents } from '../../../shared/listings.ts';
import { mapPosition, publicAddress } from '../../../shared/map-position.ts';
import type { Listing, ListingSummary } from '../../../shared/schemas/listing-responses.ts';
import type { RawRow } from '../../db/raw.ts';
import type { listings } from '../../db/schema/listings.ts';
import { type PhotoRow, toPhoto, variantUrlUpTo } from '../../lib/images.ts';
import type { MediaStorage } from '../../lib/storage.ts';

type ListingColumns = typeof listings.$inferSelect;

/** Rows as the listing queries select them (snake_case, dates already text), from the schema. */
export type SummaryRow = RawRow<
  Pick<
    ListingColumns,
    | 'id'
    | 'status'
    | 'title'
    | 'address'
    | 'unit'
    | 'neighborhood'
    | 'borough'
    | 'lat'
    | 'lng'
    | 'rentCents'
    | 'freeMonths'
    | 'bedrooms'
    | 'bathrooms'
    | 'sqft'
    | 'availableFrom'
    | 'leaseTermMonths'
    | 'pets'
    | 'laundry'
    | 'amenities'
    | 'featured'
    | 'publishedAt'
    | 'showExactLocation'
  >
> & {
  cover: PhotoRow | null;
  photo_count: number;
};

export type DetailRow = SummaryRow &
  RawRow<
    Pick<ListingColumns, 'description' | 'fees' | 'landlordId' | 'createdAt' | 'updatedAt'>
  > & {
    landlord_name: string;
    photos: PhotoRow[];
    /** From landlord_profiles (null without a profile row). */
    landlord_display_name: string | null;
    landlord_bio: string | null;
    landlord_languages: string[] | null;
    landlord_photo_key: string | null;
    landlord_photo_widths: number[] | null;
    landlord_median_first_reply_minutes: number | null;
    landlord_reply_rate: number | null;
    landlord_since: string;
  };

/** The landlord card's photo: the largest variant at most this wide. */
const LANDLORD_PHOTO_WIDTH = 400;

/**
 * Featured: set by Stoop staff, or a boost the landlord bought running now (issue 14). Takes the
 * listing as `l`; one probe of listing_boosts' (listing_id, ends_at) index.
 */
export const FEATURED_NOW = `(l.featured or exists (select 1 from listing_boosts b
    where b.listing_id = l.id and b.status = 'active' and b.starts_at <= now()
      and b.ends_at > now()))`;

/**
 * The columns of a listing summary, from a listing aliased `l`, all but `featured` (which
 * depends on the time: SUMMARY_COLUMNS adds it as of now).
 */
export const SUMMARY_COLUMNS_BUT_FEATURED = `
  l.id, l.status, l.title, l.address, l.unit, l.neighborhood, l.borough, l.lat, l.lng,
  l.rent_cents, l.free_months, l.bedrooms, l.bathrooms, l.sqft,
  l.available_from::text as available_from, l.lease_term_months, l.pets, l.laundry,
  l.amenities, l.show_exact_location, to_json(l.published_at) #>> '{}' as published_at,
  (select json_build_object('id', p.id, 'storageKey', p.storage_key, 'widths', p.widths,
      'width', p.width, 'height', p.height, 'placeholder', p.placeholder)
    from listing_photos p where p.listing_id = l.id order by p.position limit 1) as cover,
  (select count(*)::int from listing_photos p where p.listing_id = l.id) as photo_count`;

export const SUMMARY_COLUMNS = `${SUMMARY_COLUMNS_BUT_FEATURED}, ${FEATURED_NOW} as featured`;

export const PHOTOS_JSON = `
  coalesce((select json_agg(json_build_object('id', p.id, 'storageKey', p.storage_key,
      'widths', p.widths, 'width', p.width, 'height', p.height, 'placeholder', p.placeholder)
      order by p.position)
    from listing_photos p where p.listing_id = l.id), '[]'::json)`;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Who an answer is for. `public` (everyone, and the default): `lat`/`lng` are the listing's
 * public map position (src/shared/map-position.ts, rounded unless the landlord shows the exact
 * spot), and then the address is the street without its number, with no unit. `owner`: its
 * landlord's own views (the editor, their listings table), exact, so an edit never saves a
 * rounded position or a shortened address back.
 */
export type ListingAudience = 'public' | 'owner';

function place(row: SummaryRow, audience: ListingAudience) {
  if (audience === 'owner' || row.show_exact_location)
    return { address: row.address, unit: row.unit };
  return { address: publicAddress(row.address, false), unit: null };
}

function position(row: SummaryRow, audience: ListingAudience) {
  if (audience === 'owner') return { lat: row.lat, lng: row.lng };
  const shown = mapPosition({
    lat: row.lat,
    lng: row.lng,
    neighborhood: row.neighborhood,
    showExactLocation: row.show_exact_location,
  });
  return { lat: shown?.lat ?? null, lng: shown?.lng ?? null };
}

export function toSummary(
  storage: MediaStorage,
  row: SummaryRow,
  audience: ListingAudience = 'public',
): ListingSummary {
  return {
    id: row.id,
    status: row.status as ListingSummary['status'],
    title: row.title,
    ...place(row, audience),
    neighborhood: row.neighborhood as ListingSummary['neighborhood'],
    borough: row.borough as ListingSummary['borough'],
    ...position(row, audience),
    rentCents: row.rent_cents,
    freeMonths: row.free_months,
    netEffectiveRentCents:
      row.rent_cents === null
        ? null
        : netEffectiveRentCents(row.rent_cents, row.lease_term_months, row.free_months),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    sqft: row.sqft,
    availableFrom: row.available_from,
    leaseTermMonths: row.lease_term_months,
    pets: row.pets as ListingSummary['pets'],
    laundry: row.laundry as ListingSummary['laundry'],
    amenities: row.amenities as ListingSummary['amenities'],
    featured: row.featured,
    publishedAt: iso(row.published_at),
    showExactLocation: row.show_exact_location,
    coverPhoto: row.cover ? toPhoto(storage, row.cover) : null,
    photoCount: row.photo_count,
  };
}

export function toListing(
  storage: MediaStorage,
  row: DetailRow,
  audience: ListingAudience = 'public',
): Listing {
  const { coverPhoto: _cover, photoCount: _count, ...summary } = toSummary(storage, row, audience);
  return {
    ...summary,
    description: row.description,
    fees: row.fees,
    photos: row.photos.map((p) => toPhoto(storage, p)),
    landlord: {
      id: row.landlord_id,
      name: row.landlord_name,
      displayName: row.landlord_display_name ?? row.landlord_name,
      photoUrl: variantUrlUpTo(
        storage,
        row.landlord_photo_key,
        row.landlord_photo_widths,
        LANDLORD_PHOTO_WIDTH,
      ),
      bio: row.landlord_bio,
      languages: row.landlord_languages ?? [],
      medianFirstReplyMinutes: row.landlord_median_first_reply_minutes,
      replyRate: row.landlord_reply_rate,
      memberSince: iso(row.landlord_since) ?? '',
    },
    createdAt: iso(row.created_at) ?? '',
    updatedAt: iso(row.updated_at) ?? '',
  };
}
