import { describe, expect, it } from 'vitest';
import {
  boundsParam,
  filterCount,
  filtersOf,
  hasSearchParams,
  parseSearchParams,
  polygonParam,
  queryOfFilters,
  searchBounds,
  searchParamsOf,
  searchPolygon,
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

describe('the map area (bounds) in the URL', () => {
  it('round-trips bounds, counts them as a filter, and clears them with the filters', () => {
    const params = new URLSearchParams('bounds=40.7,-74.02,40.75,-73.95&bedrooms=1');
    const query = parseSearchParams(params);
    expect(query.bounds).toBe('40.7,-74.02,40.75,-73.95');
    expect(searchBounds(query)).toEqual([40.7, -74.02, 40.75, -73.95]);
    expect(searchParamsOf(query).toString()).toBe(
      'bedrooms=1&bounds=40.7%2C-74.02%2C40.75%2C-73.95',
    );
    expect(hasSearchParams(new URLSearchParams('bounds=40.7,-74.02,40.75,-73.95'))).toBe(true);
    expect(filterCount(query)).toBe(2);
    expect(filtersOf(query).bounds).toBe(query.bounds);
    const cleared = withoutFilters(query);
    expect(cleared.bounds).toBe('');
    expect(searchBounds(cleared)).toBeNull();
    expect(searchParamsOf(cleared).toString()).toBe('');
  });

  it.each([
    'nonsense',
    '40.7,-74.02,40.75',
    '40.8,-74.02,40.75,-73.95', // south above north
    '40.7,-73.9,40.75,-74', // west east of east
    '95,-74,96,-73',
    '40.7,,40.75,-73.95',
  ])('drops a malformed bounds %j rather than sending it', (bounds) => {
    const query = parseSearchParams(new URLSearchParams({ bounds }));
    expect(query.bounds).toBe('');
    expect(searchParamsOf(query).has('bounds')).toBe(false);
  });

  it('round-trips a drawn area (polygon) and drops a malformed one', () => {
    const query = parseSearchParams(
      new URLSearchParams('polygon=40.7,-74,40.75,-73.95,40.7,-73.9'),
    );
    expect(searchPolygon(query)).toEqual([
      [40.7, -74],
      [40.75, -73.95],
      [40.7, -73.9],
    ]);
    expect(filterCount(query)).toBe(1);
    expect(searchParamsOf(query).get('polygon')).toBe('40.7,-74,40.75,-73.95,40.7,-73.9');
    expect(withoutFilters(query).polygon).toBe('');
    for (const bad of ['40.7,-74,40.75,-73.95', '40.7,-74,40.75,-73.95,40.7', '91,0,0,0,0,0']) {
      expect(parseSearchParams(new URLSearchParams({ polygon: bad })).polygon).toBe('');
    }
    expect(
      polygonParam([
        [40.7123456, -74.0000001],
        [40.75, -73.95],
        [40.7, -73.9],
      ]),
    ).toBe('40.71235,-74,40.75,-73.95,40.7,-73.9');
  });

  it('writes bounds with 5 decimals', () => {
    expect(boundsParam([40.7123456, -74.0123449, 40.75, -73.9])).toBe(
      '40.71235,-74.01234,40.75,-73.9',
    );
  });
});
