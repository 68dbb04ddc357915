import { describe, expect, it } from 'vitest';
import { hasSearchParams, parseSearchParams, searchParamsOf } from './search-url.ts';

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
});
