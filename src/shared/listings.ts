/** Listing vocabulary (closed lists) and pure helpers shared by the API and the web app. */

export const LISTING_STATUSES = ['draft', 'active', 'rented', 'archived'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Which status changes PATCH accepts; becoming active always checks completeness. */
export const STATUS_TRANSITIONS: Record<ListingStatus, readonly ListingStatus[]> = {
  draft: ['active', 'archived'],
  active: ['draft', 'rented', 'archived'],
  rented: ['active', 'archived'],
  archived: ['draft', 'active'],
};

export const AMENITIES = [
  { slug: 'doorman', name: 'Doorman' },
  { slug: 'elevator', name: 'Elevator' },
  { slug: 'dishwasher', name: 'Dishwasher' },
  { slug: 'gym', name: 'Gym' },
  { slug: 'roof-deck', name: 'Roof deck' },
  { slug: 'private-outdoor-space', name: 'Private outdoor space' },
  { slug: 'central-air', name: 'Central air' },
  { slug: 'parking', name: 'Parking' },
  { slug: 'bike-room', name: 'Bike room' },
  { slug: 'storage', name: 'Storage' },
  { slug: 'package-room', name: 'Package room' },
  { slug: 'live-in-super', name: 'Live-in super' },
  { slug: 'pool', name: 'Pool' },
  { slug: 'fireplace', name: 'Fireplace' },
  { slug: 'wheelchair-access', name: 'Wheelchair access' },
  { slug: 'hardwood-floors', name: 'Hardwood floors' },
  { slug: 'washer-dryer-hookup', name: 'Washer/dryer hookup' },
  { slug: 'furnished', name: 'Furnished' },
  { slug: 'courtyard', name: 'Courtyard' },
  { slug: 'concierge', name: 'Concierge' },
  { slug: 'virtual-doorman', name: 'Virtual doorman' },
  { slug: 'smoke-free', name: 'Smoke-free building' },
] as const;
export type Amenity = (typeof AMENITIES)[number]['slug'];
export const AMENITY_SLUGS = AMENITIES.map((a) => a.slug) as [Amenity, ...Amenity[]];

export const PETS = ['none', 'cats', 'dogs', 'cats_and_dogs'] as const;
export type Pets = (typeof PETS)[number];
/** What a `pets` search filter asks the listing to allow. */
export const PET_KINDS = ['cats', 'dogs'] as const;
export type PetKind = (typeof PET_KINDS)[number];

export const LAUNDRY = ['in_unit', 'in_building', 'none'] as const;
export type Laundry = (typeof LAUNDRY)[number];

/**
 * Tenant-paid fees a listing may disclose (FARE Act, 2025): the landlord pays the broker they
 * hire, so there is deliberately no broker fee type.
 */
export const FEE_TYPES = [
  { slug: 'application', name: 'Application / background check' },
  { slug: 'security_deposit', name: 'Security deposit' },
  { slug: 'move_in', name: 'Move-in fee' },
  { slug: 'amenity', name: 'Amenity fee' },
  { slug: 'pet', name: 'Pet fee' },
  { slug: 'parking', name: 'Parking' },
  { slug: 'storage', name: 'Storage' },
  { slug: 'utilities', name: 'Utilities' },
  { slug: 'internet', name: 'Internet' },
  { slug: 'other', name: 'Other' },
] as const;
export type FeeType = (typeof FEE_TYPES)[number]['slug'];
export const FEE_TYPE_SLUGS = FEE_TYPES.map((f) => f.slug) as [FeeType, ...FeeType[]];
export const FEE_FREQUENCIES = ['one_time', 'monthly'] as const;
export type FeeFrequency = (typeof FEE_FREQUENCIES)[number];

/** New York caps the application / background check fee at $20 (RPL §238-a). */
export const MAX_APPLICATION_FEE_CENTS = 2_000;
export const MAX_FEES = 20;

export const SEARCH_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
export const FEATURED_LIMIT = 12;
/**
 * The element of a server-answered `/search` that holds its first page of results as JSON
 * (`{ query, page }`), so the page can show them without asking the API again.
 */
export const SEARCH_PAGE_DATA_ID = 'stoop-search-page';
/**
 * The element of a server-answered listing page (`/listings/{id}`, its `/mobile` variant and
 * `/simple-listing/{id}`) that holds the public listing as JSON (`{ listing }`, the API's answer
 * to a visitor), so the page can show it without waiting for the API.
 */
export const LISTING_PAGE_DATA_ID = 'stoop-listing-page';

export const MAX_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Every upload is re-encoded to WebP at these widths (never upscaled). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
export const PHOTO_MIN_SIDE_PX = 200;

export const MAX_BEDROOMS = 10;
export const MAX_BATHROOMS = 10;
export const MAX_RENT_CENTS = 100_000_00;
export const LEASE_TERM_MIN_MONTHS = 1;
export const LEASE_TERM_MAX_MONTHS = 36;

/**
 * Net effective rent: the gross rent spread over the lease with the free months taken off,
 * rounded to the nearest whole dollar (half a dollar up), as rents are quoted. No concession
 * means net equals gross.
 */
export function netEffectiveRentCents(
  rentCents: number,
  leaseTermMonths: number | null | undefined,
  freeMonths: number | null | undefined,
): number {
  if (!leaseTermMonths || !freeMonths || freeMonths <= 0) return rentCents;
  const free = Math.min(freeMonths, leaseTermMonths);
  return Math.round((rentCents * (leaseTermMonths - free)) / leaseTermMonths / 100) * 100;
}

/** Whether a listing with these pets rules allows every kind asked for. */
export function petsAllow(pets: Pets, wanted: readonly PetKind[]): boolean {
  return wanted.every((kind) => pets === 'cats_and_dogs' || pets === kind);
}

export function formatBedrooms(bedrooms: number): string {
  return bedrooms === 0 ? 'Studio' : `${bedrooms} bed`;
}

export function formatRent(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString('en-US')}`;
}
