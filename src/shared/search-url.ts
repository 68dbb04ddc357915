import { splitList } from './list-param.ts';
import { SEARCH_SORTS, type SearchSort } from './listings.ts';
// Types only: the search page, which uses this codec, loads no zod (decision 038).
import type { Bounds, Polygon, SearchFilters } from './schemas/listing-queries.ts';

/*
 * The /search address, read and written in one place: by the search page (its filters as typed
 * strings), by saved searches (what a search page's address holds is saved as is, and "View
 * results" writes it back) and by the API tests. `SearchFiltersSchema` parses what it reads.
 */

/** Every key of `SearchFiltersSchema`, in the order a /search address writes them. */
export const SEARCH_PARAM_KEYS = [
  'q',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'amenities',
  'neighborhoods',
  'boroughs',
  'pets',
  'laundry',
  'availableBy',
  'bounds',
  'polygon',
  'sort',
] as const satisfies ReadonlyArray<keyof SearchFilters>;
export type SearchParamKey = (typeof SEARCH_PARAM_KEYS)[number];

/** The filters of a search address, as raw strings (the shared schema checks and parses them). */
export function rawSearchFilters(params: URLSearchParams): Partial<Record<SearchParamKey, string>> {
  const raw: Partial<Record<SearchParamKey, string>> = {};
  for (const key of SEARCH_PARAM_KEYS) {
    const value = params.get(key)?.trim() ?? '';
    if (value !== '') raw[key] = value;
  }
  return raw;
}

/** True when the address carries any filter (so it wins over the stored ones). */
export function hasSearchParams(params: URLSearchParams): boolean {
  return Object.keys(rawSearchFilters(params)).length > 0;
}

/** A search as either side holds it: the page's typed strings or a parsed saved `query`. */
type SearchParamValues = {
  [K in SearchParamKey]?: string | number | readonly (string | number | readonly number[])[] | null;
};

/**
 * The query string of a search: empty fields, empty lists and the default sort are left out;
 * lists, bounds and a polygon's lat,lng pairs are written comma-separated.
 */
export function searchParamsOf(query: SearchParamValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEARCH_PARAM_KEYS) {
    const value = query[key];
    if (value === undefined || value === null || (key === 'sort' && value === 'newest')) continue;
    const text = typeof value === 'object' ? value.flat().join(',') : String(value).trim();
    if (text !== '') params.set(key, text);
  }
  return params;
}

/** The /search address of a search. */
export function searchHref(query: SearchParamValues): string {
  const search = searchParamsOf(query).toString();
  return search ? `/search?${search}` : '/search';
}

/**
 * docs/spec.md §3: the search page's filters, numbers kept as the strings typed (empty = unset).
 * Boroughs and the sort (empty = newest) are kept with them, so a search comes back whole.
 */
export type SearchPageFilters = {
  minPrice: string;
  maxPrice: string;
  bedrooms: string;
  bathrooms: string;
  amenities: string[];
  neighborhoods: string[];
  boroughs: string[];
  /** The map area searched (`south,west,north,east`, issue 16); empty = anywhere. */
  bounds: string;
  /** An area drawn on the map (`lat,lng,lat,lng,…`, 3 to 50 points); empty = none. */
  polygon: string;
  sort: string;
};

export const EMPTY_PAGE_FILTERS: SearchPageFilters = {
  minPrice: '',
  maxPrice: '',
  bedrooms: '',
  bathrooms: '',
  amenities: [],
  neighborhoods: [],
  boroughs: [],
  bounds: '',
  polygon: '',
  sort: '',
};

/** Everything the search page asks for: its filters plus the text, with a known sort. */
export type SearchQuery = Omit<SearchPageFilters, 'sort'> & { q: string; sort: SearchSort };

/**
 * `south,west,north,east` as the API takes it, or '' when malformed (an old or hand-edited
 * address): four numbers in range, south below north, west below east.
 */
export function boundsText(value: string): string {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => part === '')) return '';
  const [south = 0, west = 0, north = 0, east = 0] = parts.map(Number);
  const ok =
    [south, west, north, east].every(Number.isFinite) &&
    Math.abs(south) <= 90 &&
    Math.abs(north) <= 90 &&
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    south < north &&
    west < east;
  return ok ? [south, west, north, east].join(',') : '';
}

/** `lat,lng,…` of 3 to 50 points in range, or '' when malformed. */
export function polygonText(value: string): string {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length < 6 || parts.length > 100 || parts.length % 2 !== 0) return '';
  const numbers = parts.map((part) => (part === '' ? Number.NaN : Number(part)));
  const ok = numbers.every((n, i) => Number.isFinite(n) && Math.abs(n) <= (i % 2 === 0 ? 90 : 180));
  return ok ? numbers.join(',') : '';
}

export function knownSort(sort: string): SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : 'newest';
}

/** Reads the search page's search from the address bar, dropping what it cannot use. */
export function parseSearchParams(params: URLSearchParams): SearchQuery {
  const raw = rawSearchFilters(params);
  return {
    q: raw.q ?? '',
    minPrice: raw.minPrice ?? '',
    maxPrice: raw.maxPrice ?? '',
    bedrooms: raw.bedrooms ?? '',
    bathrooms: raw.bathrooms ?? '',
    amenities: splitList(raw.amenities ?? ''),
    neighborhoods: splitList(raw.neighborhoods ?? ''),
    boroughs: splitList(raw.boroughs ?? ''),
    bounds: boundsText(raw.bounds ?? ''),
    polygon: polygonText(raw.polygon ?? ''),
    sort: knownSort(raw.sort ?? ''),
  };
}

/** The part of a search that the filters provider keeps: every filter and the sort, not the text. */
export function filtersOf({ q: _text, ...filters }: SearchQuery): SearchPageFilters {
  return { ...filters, sort: filters.sort === 'newest' ? '' : filters.sort };
}

/** A search made of stored filters (no text). */
export function queryOfFilters(filters: SearchPageFilters): SearchQuery {
  return { ...filters, q: '', sort: knownSort(filters.sort) };
}

/** The same search with every filter cleared; the text and the sort stay. */
export function withoutFilters(query: SearchQuery): SearchQuery {
  return { ...queryOfFilters(EMPTY_PAGE_FILTERS), q: query.q, sort: query.sort };
}

/** How many filters are set, as a Filters button badge counts them (a price range is one). */
export function filterCount(query: SearchQuery): number {
  return (
    (query.minPrice !== '' || query.maxPrice !== '' ? 1 : 0) +
    (query.bedrooms !== '' ? 1 : 0) +
    (query.bathrooms !== '' ? 1 : 0) +
    query.boroughs.length +
    query.amenities.length +
    query.neighborhoods.length +
    (query.bounds !== '' ? 1 : 0) +
    (query.polygon !== '' ? 1 : 0)
  );
}

/** The `bounds` of a search as numbers, or null when it has none. */
export function searchBounds(query: SearchQuery): Bounds | null {
  if (query.bounds === '') return null;
  const [south = 0, west = 0, north = 0, east = 0] = query.bounds.split(',').map(Number);
  return [south, west, north, east];
}

/** Degrees with 5 decimals (about a metre): keeps the address short. */
const shortDegrees = (value: number) => String(Math.round(value * 1e5) / 1e5);

/** `bounds=` text of a map area. */
export function boundsParam(bounds: readonly [number, number, number, number]): string {
  return bounds.map(shortDegrees).join(',');
}

/** The drawn area of a search as `[lat, lng]` points, or null when it has none. */
export function searchPolygon(query: SearchQuery): Polygon | null {
  if (query.polygon === '') return null;
  const numbers = query.polygon.split(',').map(Number);
  const points: Polygon = [];
  for (let i = 0; i + 1 < numbers.length; i += 2)
    points.push([numbers[i] ?? 0, numbers[i + 1] ?? 0]);
  return points;
}

/** `polygon=` text of a drawn area. */
export function polygonParam(points: ReadonlyArray<readonly [number, number]>): string {
  return points.flat().map(shortDegrees).join(',');
}

export const EXACT_PARAM = 'exact';

/** The search's parameters with `exact=1` last (as a "Search instead for" link writes it). */
export function withExact(params: URLSearchParams, exact: boolean): URLSearchParams {
  if (exact) params.set(EXACT_PARAM, '1');
  return params;
}

/**
 * The search an address asks for, as the page asks the API for it (`GET /api/listings?…`, and
 * its query key): the known filters in their order, `exact=1` only with words to keep as typed.
 */
export function addressSearch(params: URLSearchParams): string {
  const query = parseSearchParams(params);
  const exact = query.q !== '' && params.get(EXACT_PARAM) === '1';
  return withExact(searchParamsOf(query), exact).toString();
}

/**
 * `page=N` in a search's address: its first N pages at once, as "Load more" pressed N-1 times
 * would show them. The link a page without scripts follows to see more (the server renders
 * those pages); a running page loads the next one in place instead.
 */
export const PAGES_PARAM = 'page';
/** The most pages an address renders at once (past it, "Load more" needs the script). */
export const MAX_ADDRESS_PAGES = 10;

/** How many pages the address asks for: 1 unless `page` is a whole number from 2 up, at most 10. */
export function addressPageCount(params: URLSearchParams): number {
  const raw = params.get(PAGES_PARAM);
  const pages = raw && /^\d{1,3}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(pages, 1), MAX_ADDRESS_PAGES);
}

/** The address of the same search with one page more than `pages`; null past the most. */
export function morePagesHref(search: string, pages: number): string | null {
  if (pages >= MAX_ADDRESS_PAGES) return null;
  const params = new URLSearchParams(search);
  params.set(PAGES_PARAM, String(pages + 1));
  return `/search?${params}`;
}
