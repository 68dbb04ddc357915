import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { SEARCH_SORTS } from '../../../../shared/listings.ts';
import {
  boundsText,
  EMPTY_PAGE_FILTERS,
  polygonText,
  type SearchPageFilters,
} from '../../../../shared/search-url.ts';
import { createStrictContext } from '../../../lib/strict-context.ts';

/** docs/spec.md §3: the search filters as typed (see SearchPageFilters). */
export type SearchFilters = SearchPageFilters;
export const EMPTY_FILTERS = EMPTY_PAGE_FILTERS;

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

/**
 * Whether this browser keeps a search of its own: a bare /search then renders from it, which
 * the server cannot know, so such a page starts afresh instead of hydrating (decision 075).
 */
export function hasStoredSearchFilters(): boolean {
  return filtersAreSet(parseStoredFilters(storage()?.getItem(STORAGE_KEYS.searchFilters) ?? null));
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
