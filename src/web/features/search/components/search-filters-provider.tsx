import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { SEARCH_SORTS } from '../../../../shared/listings.ts';
import { createStrictContext } from '../../../lib/strict-context.ts';

/**
 * docs/spec.md §3: search filters; numbers are kept as the strings typed (empty = unset). Boroughs
 * and the sort (empty = newest) are kept with them, so a search comes back whole (issue 11 item 9).
 */
export type SearchFilters = {
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

export const EMPTY_FILTERS: SearchFilters = {
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

export type SearchFiltersApi = {
  filters: SearchFilters;
  setFilters: (patch: Partial<SearchFilters>) => void;
  resetFilters: () => void;
  /** True when any field is set (docs/spec.md §4). */
  hasFilters: boolean;
};

/** The search filters; `useSearchFilters` throws when used outside a `SearchFiltersProvider`. */
const [SearchFiltersContext, useSearchFilters] = createStrictContext<SearchFiltersApi>(
  'useSearchFilters',
  'SearchFiltersProvider',
);

export { useSearchFilters };

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

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Reads stored filters, ignoring anything malformed. */
export function parseStoredFilters(raw: string | null): SearchFilters {
  if (raw === null) return EMPTY_FILTERS;
  try {
    const data = JSON.parse(raw) as Record<string, unknown> | null;
    if (typeof data !== 'object' || data === null) return EMPTY_FILTERS;
    const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
    return {
      minPrice: text('minPrice'),
      maxPrice: text('maxPrice'),
      bedrooms: text('bedrooms'),
      bathrooms: text('bathrooms'),
      amenities: stringList(data.amenities),
      neighborhoods: stringList(data.neighborhoods),
      boroughs: stringList(data.boroughs),
      bounds: boundsText(text('bounds')),
      polygon: polygonText(text('polygon')),
      // Only a sort the search knows; the default is stored as empty.
      sort:
        (SEARCH_SORTS as readonly string[]).includes(text('sort')) && text('sort') !== 'newest'
          ? text('sort')
          : '',
    };
  } catch {
    return EMPTY_FILTERS;
  }
}

export function filtersAreSet(filters: SearchFilters): boolean {
  return (
    filters.minPrice !== '' ||
    filters.maxPrice !== '' ||
    filters.bedrooms !== '' ||
    filters.bathrooms !== '' ||
    filters.amenities.length > 0 ||
    filters.neighborhoods.length > 0 ||
    filters.boroughs.length > 0 ||
    filters.bounds !== '' ||
    filters.polygon !== '' ||
    filters.sort !== ''
  );
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Search filters, restored from local storage on start and saved on every change. */
export function SearchFiltersProvider({ children }: { children: ReactNode }) {
  const [filters, setState] = useState<SearchFilters>(() =>
    parseStoredFilters(storage()?.getItem(STORAGE_KEYS.searchFilters) ?? null),
  );

  useEffect(() => {
    const store = storage();
    if (store === null) return;
    try {
      if (filtersAreSet(filters)) {
        store.setItem(STORAGE_KEYS.searchFilters, JSON.stringify(filters));
      } else {
        store.removeItem(STORAGE_KEYS.searchFilters);
      }
    } catch {
      // Storage full or blocked: filters still work for this visit.
    }
  }, [filters]);

  const setFilters = useCallback((patch: Partial<SearchFilters>) => {
    setState((current) => ({ ...current, ...patch }));
  }, []);
  const resetFilters = useCallback(() => setState(EMPTY_FILTERS), []);

  const value = useMemo<SearchFiltersApi>(
    () => ({ filters, setFilters, resetFilters, hasFilters: filtersAreSet(filters) }),
    [filters, setFilters, resetFilters],
  );
  return <SearchFiltersContext value={value}>{children}</SearchFiltersContext>;
}
