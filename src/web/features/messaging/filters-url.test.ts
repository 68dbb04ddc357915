import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './api/messaging-keys.ts';
import { filtersFromSearch, hasFilters, searchFromFilters } from './filters-url.ts';

const LISTING = '00000000-0000-4000-8000-0000000000d1';

describe('conversation filters in the address', () => {
  it('reads and writes every filter, leaving defaults out', () => {
    const filters = {
      sort: 'unread_first' as const,
      showUnreadOnly: true,
      participantRole: 'landlord' as const,
      listingId: LISTING,
      searchTerm: 'sunny',
    };
    const search = searchFromFilters(filters);
    expect(search).toBe(`?q=sunny&sort=unread_first&unread=1&role=landlord&listing=${LISTING}`);
    expect(filtersFromSearch(new URLSearchParams(search))).toEqual(filters);
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
  });

  it('ignores values the API would refuse', () => {
    expect(
      filtersFromSearch(new URLSearchParams('sort=random&role=admin&listing=42&unread=yes')),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('counts a sort alone as no filter', () => {
    expect(hasFilters({ ...DEFAULT_FILTERS, sort: 'oldest' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_FILTERS, searchTerm: '  ' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_FILTERS, showUnreadOnly: true })).toBe(true);
  });
});
