import { SEARCH_SORTS, type SearchSort } from '../../../shared/listings.ts';
import {
  boundsText,
  EMPTY_FILTERS,
  polygonText,
  type SearchFilters,
} from './components/search-filters-provider.tsx';

/** Everything the search page asks for: the stored filters plus the text, with a known sort. */
export type SearchQuery = Omit<SearchFilters, 'sort'> & { q: string; sort: SearchSort };

const LIST_KEYS = ['amenities', 'neighborhoods', 'boroughs'] as const;
const TEXT_KEYS = [
  'q',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'bounds',
  'polygon',
] as const;

function list(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Reads a search from the address bar's query string. */
export function parseSearchParams(params: URLSearchParams): SearchQuery {
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    minPrice: params.get('minPrice') ?? '',
    maxPrice: params.get('maxPrice') ?? '',
    bedrooms: params.get('bedrooms') ?? '',
    bathrooms: params.get('bathrooms') ?? '',
    amenities: list(params.get('amenities')),
    neighborhoods: list(params.get('neighborhoods')),
    boroughs: list(params.get('boroughs')),
    bounds: boundsText(params.get('bounds') ?? ''),
    polygon: polygonText(params.get('polygon') ?? ''),
    sort: knownSort(sort ?? ''),
  };
}

/** The query string of a search: empty fields and the default sort are left out. */
export function searchParamsOf(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = query[key].trim();
    if (value !== '') params.set(key, value);
  }
  for (const key of LIST_KEYS) {
    if (query[key].length > 0) params.set(key, query[key].join(','));
  }
  if (query.sort !== 'newest') params.set('sort', query.sort);
  return params;
}

/** True when the address carries any filter (so it wins over the stored ones). */
export function hasSearchParams(params: URLSearchParams): boolean {
  return [...TEXT_KEYS, ...LIST_KEYS, 'sort'].some((key) => (params.get(key) ?? '') !== '');
}

function knownSort(sort: string): SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : 'newest';
}

/** The part of a search that the filters provider keeps: every filter and the sort, not the text. */
export function filtersOf(query: SearchQuery): SearchFilters {
  return {
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    bedrooms: query.bedrooms,
    bathrooms: query.bathrooms,
    amenities: query.amenities,
    neighborhoods: query.neighborhoods,
    boroughs: query.boroughs,
    bounds: query.bounds,
    polygon: query.polygon,
    sort: query.sort === 'newest' ? '' : query.sort,
  };
}

/** A search made of stored filters (no text). */
export function queryOfFilters(filters: SearchFilters): SearchQuery {
  return { ...filters, q: '', sort: knownSort(filters.sort) };
}

/** The same search with every filter cleared; the text and the sort stay. */
export function withoutFilters(query: SearchQuery): SearchQuery {
  return { ...queryOfFilters(EMPTY_FILTERS), q: query.q, sort: query.sort };
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
export function searchBounds(query: SearchQuery): [number, number, number, number] | null {
  if (query.bounds === '') return null;
  const [south = 0, west = 0, north = 0, east = 0] = query.bounds.split(',').map(Number);
  return [south, west, north, east];
}

/** `bounds=` text of a map area: 5 decimals (about a metre) keep the address short. */
export function boundsParam(bounds: readonly [number, number, number, number]): string {
  return bounds.map((value) => String(Math.round(value * 1e5) / 1e5)).join(',');
}

/** The drawn area of a search as `[lat, lng]` points, or null when it has none. */
export function searchPolygon(query: SearchQuery): Array<[number, number]> | null {
  if (query.polygon === '') return null;
  const numbers = query.polygon.split(',').map(Number);
  const points: Array<[number, number]> = [];
  for (let i = 0; i + 1 < numbers.length; i += 2)
    points.push([numbers[i] ?? 0, numbers[i + 1] ?? 0]);
  return points;
}

/** `polygon=` text of a drawn area (5 decimals). */
export function polygonParam(points: ReadonlyArray<readonly [number, number]>): string {
  return points
    .flat()
    .map((value) => String(Math.round(value * 1e5) / 1e5))
    .join(',');
}
