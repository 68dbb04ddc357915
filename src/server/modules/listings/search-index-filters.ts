import { AMENITY_SLUGS, LAUNDRY, PETS } from '../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import { keepInBounds, keepInPolygon } from './search-index-geo.ts';
import type { Candidates, IndexFilter, SimilarQuery } from './search-index-types.ts';

/*
 * The search index's filters (search-index.ts): how a listing's fields are coded into its
 * typed columns, and the branch-free passes that rule listings out column by column.
 */

export const NOT_LISTED = 0xffff;
const INT32_MAX = 0x7fffffff;
export const NEVER_AVAILABLE = INT32_MAX;
const clampInt = (value: number) => Math.min(INT32_MAX, Math.max(0, value));
export const AMENITY_WORDS = Math.ceil(AMENITY_SLUGS.length / 32);

const codes = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
export const NEIGHBORHOOD_CODES = codes(NEIGHBORHOODS.map((n) => n.slug));
export const BOROUGH_CODES = codes(BOROUGHS.map((b) => b.slug));
export const PET_CODES = codes(PETS);
export const LAUNDRY_CODES = codes(LAUNDRY);
export const AMENITY_BITS = codes(AMENITY_SLUGS);

/** Allowed codes of a closed list as a bit mask; every code when the filter is unset. */
function mask(values: readonly string[] | undefined, known: Map<string, number>): number {
  if (!values?.length) return -1;
  let bits = 0;
  for (const value of values) {
    const code = known.get(value);
    if (code !== undefined) bits |= 1 << code;
  }
  return bits;
}

/** Keeps the candidates whose code (borough, pets, laundry) is in the mask. */
function keepCodes(c: Candidates, column: Uint8Array, allowed: number) {
  if (allowed === -1) return;
  const { slots } = c;
  let kept = 0;
  for (let i = 0; i < c.length; i++) {
    const s = slots[i] as number;
    slots[kept] = s;
    kept += (allowed >>> (column[s] as number)) & 1;
  }
  c.length = kept;
}

/** The index's columns a filter reads, one entry per slot. */
export type FilterColumns = {
  rent: Int32Array;
  bedrooms: Int16Array;
  bathrooms: Float64Array;
  available: Int32Array;
  amenities: Uint32Array;
  neighborhood: Uint16Array;
  borough: Uint8Array;
  pets: Uint8Array;
  laundry: Uint8Array;
  /** The public map position; NaN without one. */
  lat: Float64Array;
  lng: Float64Array;
};

/** 1 at each asked neighborhood's code. */
export function neighborhoodMask(slugs: readonly string[]): Uint8Array {
  const wanted = new Uint8Array(NOT_LISTED + 1);
  for (const slug of slugs) {
    const code = NEIGHBORHOOD_CODES.get(slug);
    if (code !== undefined) wanted[code] = 1;
  }
  return wanted;
}

/** The rent filter as whole cents within int32 (so sign-bit arithmetic holds), if it has one. */
export function rentBounds(query: IndexFilter): { min: number; max: number } | undefined {
  if (query.minRentCents === undefined && query.maxRentCents === undefined) return undefined;
  return {
    min: clampInt(Math.ceil(query.minRentCents ?? 0)),
    max: clampInt(Math.floor(query.maxRentCents ?? INT32_MAX)),
  };
}

/** Whether the query asks anything of the columns (text aside). */
export function hasFilters(query: IndexFilter): boolean {
  return (
    query.minRentCents !== undefined ||
    query.maxRentCents !== undefined ||
    query.minBedrooms !== undefined ||
    query.minBathrooms !== undefined ||
    query.availableByDay !== undefined ||
    Boolean(query.neighborhoods?.length) ||
    Boolean(query.boroughs?.length) ||
    Boolean(query.pets?.length) ||
    Boolean(query.laundry?.length) ||
    Boolean(query.amenities?.length) ||
    query.bounds !== undefined ||
    query.polygon !== undefined
  );
}

/**
 * Keeps the candidates that pass every filter the query gives (not text). The passes that
 * usually rule out most listings (neighborhoods, an area, boroughs) go first.
 */
export function keepFilterMatches(c: Candidates, columns: FilterColumns, query: IndexFilter) {
  const { slots } = c;
  const { rent, bedrooms, bathrooms, available, amenities } = columns;
  if (query.neighborhoods?.length) {
    const wanted = neighborhoodMask(query.neighborhoods);
    const { neighborhood } = columns;
    let kept = 0;
    for (let i = 0; i < c.length; i++) {
      const s = slots[i] as number;
      slots[kept] = s;
      kept += wanted[neighborhood[s] as number] as number;
    }
    c.length = kept;
  }
  if (query.bounds) keepInBounds(c, columns.lat, columns.lng, query.bounds);
  keepCodes(c, columns.borough, mask(query.boroughs, BOROUGH_CODES));
  const rentRange = rentBounds(query);
  if (rentRange) {
    const { min, max } = rentRange;
    let kept = 0;
    for (let i = 0; i < c.length; i++) {
      const s = slots[i] as number;
      const cents = rent[s] as number;
      slots[kept] = s;
      kept += (((cents - min) | (max - cents)) >>> 31) ^ 1;
    }
    c.length = kept;
  }
  if (query.minBedrooms !== undefined) {
    const min = clampInt(Math.ceil(query.minBedrooms));
    let kept = 0;
    for (let i = 0; i < c.length; i++) {
      const s = slots[i] as number;
      slots[kept] = s;
      kept += (((bedrooms[s] as number) - min) >>> 31) ^ 1;
    }
    c.length = kept;
  }
  if (query.minBathrooms !== undefined) {
    const min = query.minBathrooms;
    let kept = 0;
    for (let i = 0; i < c.length; i++) {
      const s = slots[i] as number;
      slots[kept] = s;
      kept += +((bathrooms[s] as number) >= min); // half steps
    }
    c.length = kept;
  }
  if (query.availableByDay !== undefined) {
    const by = query.availableByDay;
    let kept = 0;
    for (let i = 0; i < c.length; i++) {
      const s = slots[i] as number;
      slots[kept] = s;
      kept += ((by - (available[s] as number)) >>> 31) ^ 1;
    }
    c.length = kept;
  }
  keepCodes(c, columns.laundry, mask(query.laundry, LAUNDRY_CODES));
  let pets = -1;
  for (const kind of new Set(query.pets ?? [])) pets &= mask([kind, 'cats_and_dogs'], PET_CODES);
  keepCodes(c, columns.pets, pets);
  const required = new Uint32Array(AMENITY_WORDS);
  for (const amenity of query.amenities ?? []) {
    const bit = AMENITY_BITS.get(amenity);
    if (bit === undefined) c.length = 0;
    else required[bit >> 5] = (required[bit >> 5] as number) | (1 << (bit & 31));
  }
  for (let w = 0; w < AMENITY_WORDS; w++) {
    const need = required[w] as number;
    if (need === 0) continue;
    let kept = 0;
    for (let i = 0; i < c.length; i++) {
      const s = slots[i] as number;
      const missing = ((amenities[s * AMENITY_WORDS + w] as number) & need) ^ need;
      slots[kept] = s;
      kept += ((missing | -missing) >>> 31) ^ 1;
    }
    c.length = kept;
  }
  // Last: the point-in-polygon test then runs only for what every other filter kept.
  if (query.polygon) keepInPolygon(c, columns.lat, columns.lng, query.polygon);
}

/**
 * The slots like a listing (SearchIndex.similar): live, in one of the areas, with exactly the
 * bedrooms and a rent within the range. One pass, unordered.
 */
export function similarSlots(
  columns: Pick<FilterColumns, 'neighborhood' | 'bedrooms' | 'rent'> & { alive: Uint8Array },
  n: number,
  query: SimilarQuery,
): number[] {
  const wanted = new Uint8Array(NOT_LISTED + 1);
  for (const slug of query.neighborhoods) {
    const code = NEIGHBORHOOD_CODES.get(slug);
    if (code !== undefined) wanted[code] = 1;
  }
  const { alive, neighborhood, bedrooms, rent } = columns;
  const { minRentCents: min, maxRentCents: max, bedrooms: beds } = query;
  const found: number[] = [];
  for (let s = 0; s < n; s++) {
    const cents = rent[s] as number;
    const like =
      alive[s] === 1 &&
      wanted[neighborhood[s] as number] === 1 &&
      bedrooms[s] === beds &&
      cents >= min &&
      cents <= max;
    if (like) found.push(s);
  }
  return found;
}
