// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { hookProbe, render, renderError } from '../../../testing/render.tsx';
import {
  EMPTY_FILTERS,
  parseStoredFilters,
  SearchFiltersProvider,
  useSearchFilters,
} from './search-filters-provider.tsx';

const probe = hookProbe(useSearchFilters);

describe('SearchFiltersProvider', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('starts empty, persists changes and resets', async () => {
    await render(
      <SearchFiltersProvider>
        <probe.Probe />
      </SearchFiltersProvider>,
    );
    expect(probe.current().filters).toEqual(EMPTY_FILTERS);
    expect(probe.current().hasFilters).toBe(false);

    await act(async () =>
      probe.current().setFilters({ bedrooms: '2', neighborhoods: ['Astoria'] }),
    );
    expect(probe.current().hasFilters).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchFilters) ?? '{}')).toMatchObject({
      bedrooms: '2',
      neighborhoods: ['Astoria'],
    });

    await act(async () => probe.current().resetFilters());
    expect(probe.current().filters).toEqual(EMPTY_FILTERS);
    expect(localStorage.getItem(STORAGE_KEYS.searchFilters)).toBeNull();
  });

  it('restores stored filters on start', async () => {
    localStorage.setItem(
      STORAGE_KEYS.searchFilters,
      JSON.stringify({ ...EMPTY_FILTERS, maxPrice: '3000', amenities: ['Elevator'] }),
    );
    await render(
      <SearchFiltersProvider>
        <probe.Probe />
      </SearchFiltersProvider>,
    );
    expect(probe.current().filters.maxPrice).toBe('3000');
    expect(probe.current().filters.amenities).toEqual(['Elevator']);
    expect(probe.current().hasFilters).toBe(true);
  });

  it('ignores malformed storage', () => {
    expect(parseStoredFilters('not json')).toEqual(EMPTY_FILTERS);
    expect(parseStoredFilters('{"bedrooms":2,"amenities":["A",3]}')).toEqual({
      ...EMPTY_FILTERS,
      amenities: ['A'],
    });
    expect(parseStoredFilters('{"sort":"bogus","boroughs":"brooklyn"}')).toEqual(EMPTY_FILTERS);
    expect(parseStoredFilters('{"sort":"newest"}')).toEqual(EMPTY_FILTERS);
  });

  it('keeps boroughs and the sort with the filters (issue 11 item 9)', () => {
    const stored = parseStoredFilters('{"boroughs":["brooklyn"],"sort":"price_asc"}');
    expect(stored).toEqual({ ...EMPTY_FILTERS, boroughs: ['brooklyn'], sort: 'price_asc' });
  });

  it('throws a clear error outside its provider', async () => {
    const error = await renderError(<probe.Probe />);
    expect((error as Error).message).toBe(
      'useSearchFilters must be used within a SearchFiltersProvider.',
    );
  });
});
