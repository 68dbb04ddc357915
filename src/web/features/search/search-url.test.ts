import { describe, expect, it } from 'vitest';
import {
  filterCount,
  filtersOf,
  hasSearchParams,
  parseSearchParams,
  queryOfFilters,
  searchParamsOf,
  withoutFilters,
} from './search-url.ts';

describe('search URL', () => {
  it('round-trips a search through the query string', () => {
    const params = new URLSearchParams(
      'q=sunny&minPrice=2000&bedrooms=2&amenities=gym,doorman&neighborhoods=astoria&sort=price_asc',
    );
    const query = parseSearchParams(params);
    expect(query).toMatchObject({
      q: 'sunny',
      minPrice: '2000',
      maxPrice: '',
      bedrooms: '2',
      amenities: ['gym', 'doorman'],
      neighborhoods: ['astoria'],
      boroughs: [],
      sort: 'price_asc',
    });
    expect(searchParamsOf(query).toString()).toBe(
      'q=sunny&minPrice=2000&bedrooms=2&amenities=gym%2Cdoorman&neighborhoods=astoria&sort=price_asc',
    );
  });

  it('leaves out empty fields and the default sort', () => {
    const query = parseSearchParams(new URLSearchParams('sort=bogus&q='));
    expect(query.sort).toBe('newest');
    expect(searchParamsOf(query).toString()).toBe('');
    expect(hasSearchParams(new URLSearchParams('utm=x'))).toBe(false);
    expect(hasSearchParams(new URLSearchParams('boroughs=queens'))).toBe(true);
  });

  it('stores every filter and the sort, and restores them whole (issue 11 item 9)', () => {
    const query = parseSearchParams(
      new URLSearchParams(
        'q=loft&maxPrice=3000&bedrooms=1&boroughs=brooklyn&amenities=dishwasher&sort=price_desc',
      ),
    );
    const stored = filtersOf(query);
    expect(stored).toMatchObject({ boroughs: ['brooklyn'], sort: 'price_desc' });
    expect(stored).not.toHaveProperty('q');
    expect(searchParamsOf(queryOfFilters(stored)).toString()).toBe(
      'maxPrice=3000&bedrooms=1&amenities=dishwasher&boroughs=brooklyn&sort=price_desc',
    );
    expect(filtersOf(parseSearchParams(new URLSearchParams())).sort).toBe('');
  });

  it('counts filters for the badge and clears them but not the text or sort', () => {
    const query = parseSearchParams(
      new URLSearchParams(
        'q=loft&minPrice=1&maxPrice=3000&boroughs=brooklyn,queens&sort=price_asc',
      ),
    );
    expect(filterCount(query)).toBe(3);
    const cleared = withoutFilters(query);
    expect(filterCount(cleared)).toBe(0);
    expect(searchParamsOf(cleared).toString()).toBe('q=loft&sort=price_asc');
  });
});
