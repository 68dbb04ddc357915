import type { PetKind, SearchSort } from '../../../shared/listings.ts';

// What the search index (search-index.ts) holds, is asked and answers.

/** One active listing as search sees it. */
export type SearchDoc = {
  id: string;
  /** Microseconds since the epoch, PostgreSQL's precision, so "newest" orders as it does. */
  publishedUs: number;
  rentCents: number;
  bedrooms: number;
  bathrooms: number;
  neighborhood: string;
  borough: string;
  pets: string;
  laundry: string;
  /** Days since 1970-01-01; null when not given (then no available-by search finds it). */
  availableFromDay: number | null;
  amenities: readonly string[];
  /** PostgreSQL's full-text lexemes of the listing (its search_vector). */
  lexemes: readonly string[];
  /**
   * The public map position (src/shared/map-position.ts: rounded unless the landlord shows
   * the exact spot); null without one (then no bounds or polygon search finds it).
   */
  lat: number | null;
  lng: number | null;
};

/** A lexeme the listing must contain; `prefix`: any lexeme starting with it will do. */
export type TextTerm = { lexeme: string; prefix: boolean };

export type SortKey = { v: number; id: string };

export type IndexQuery = {
  /** Every term must match; none means no text condition. */
  terms: readonly TextTerm[];
  minRentCents?: number;
  maxRentCents?: number;
  minBedrooms?: number;
  minBathrooms?: number;
  amenities?: readonly string[];
  neighborhoods?: readonly string[];
  boroughs?: readonly string[];
  /** Each kind must be allowed (cats and dogs: both). */
  pets?: readonly PetKind[];
  laundry?: readonly string[];
  availableByDay?: number;
  /** South, west, north, east: the map position inside, edges included. */
  bounds?: readonly [number, number, number, number];
  /** [lat, lng] points of a closed ring: the map position inside (even-odd) or on an edge. */
  polygon?: readonly (readonly [number, number])[];
  sort: SearchSort;
  /** The sort key of the last listing of the previous page. */
  after?: SortKey;
  limit: number;
};

export type IndexPage = {
  total: number;
  ids: string[];
  /** The sort key of the page's last listing, when more follow. */
  next: SortKey | null;
};

/** What every filter but the sort and the page asks (pins, saved-search matching). */
export type IndexFilter = Omit<IndexQuery, 'sort' | 'after' | 'limit'>;

export type IndexPin = {
  id: string;
  lat: number;
  lng: number;
  rentCents: number;
  bedrooms: number;
  neighborhood: string;
};
export type IndexCluster = { lat: number; lng: number; count: number };

/** The map's markers: every match as a pin (newest first), or clusters when there are more. */
export type IndexPins = { total: number; pins: IndexPin[]; clusters: IndexCluster[] };

/** Listings like one: these areas, exactly these bedrooms, rent in the range, not `excludeId`. */
export type SimilarQuery = {
  neighborhoods: readonly string[];
  bedrooms: number;
  minRentCents: number;
  maxRentCents: number;
  /** Closest to this rent first, then newest. */
  rentCents: number;
  excludeId: string;
  limit: number;
};

/**
 * A search's candidates: the slots still in, `slots[0..length)`, in ascending order. Each filter
 * pass tests only these and keeps, in place, those that pass (branch-free: every slot is written,
 * the length grows by the test's 0 or 1), so after a selective filter (an area, neighborhoods,
 * text) the later ones touch only the few listings left.
 */
export type Candidates = { slots: Int32Array; length: number };
