import { describe, expect, it } from 'vitest';
import { SearchFiltersSchema } from './schemas/listing-queries.ts';
import { describeFilters, suggestedName } from './search-description.ts';
import {
  addressPageCount,
  addressSearch,
  boundsParam,
  filterCount,
  filtersOf,
  hasSearchParams,
  MAX_ADDRESS_PAGES,
  morePagesHref,
  parseSearchParams,
  polygonParam,
  queryOfFilters,
  rawSearchFilters,
  SEARCH_PARAM_KEYS,
  searchBounds,
  searchHref,
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

const parse = (search: string) =>
  SearchFiltersSchema.parse(rawSearchFilters(new URLSearchParams(search)));

describe('a saved search and the /search address', () => {
  it('reads and writes every key of the shared filters schema', () => {
    expect([...SEARCH_PARAM_KEYS].sort()).toEqual(Object.keys(SearchFiltersSchema.shape).sort());
  });

  it('names a search from its filters, like "2+ bd in Williamsburg, up to $3,500"', () => {
    expect(suggestedName(parse('neighborhoods=williamsburg&bedrooms=2&maxPrice=3500'))).toBe(
      '2+ bd in Williamsburg, up to $3,500',
    );
    expect(suggestedName(parse('q=loft&boroughs=brooklyn&minPrice=2000&maxPrice=3000'))).toBe(
      '“loft” in Brooklyn, $2,000–$3,000',
    );
    expect(suggestedName(parse('bounds=40.7,-74.0,40.72,-73.95&bedrooms=0'))).toBe(
      'Studio+ in map area',
    );
    expect(suggestedName(parse('boroughs=queens&minPrice=2500&maxPrice=2500'))).toBe(
      'In Queens, $2,500',
    );
    expect(suggestedName(parse(''))).toBe('Apartments');
    expect(suggestedName(parse('neighborhoods=williamsburg,greenpoint,bushwick'))).toBe(
      'In Williamsburg & 2 more',
    );
  });

  it('keeps every name within the limit', () => {
    const long = parse(`q=${'a'.repeat(100)}`);
    expect(suggestedName(long).length).toBeLessThanOrEqual(80);
    expect(suggestedName(long).endsWith('…')).toBe(true);
  });

  it('saves the text, every filter and the map area from the address, and writes them back', () => {
    const address =
      'q=williamsburg&minPrice=2000&maxPrice=3500&bedrooms=2&bathrooms=1.5&amenities=doorman,gym' +
      '&neighborhoods=williamsburg&boroughs=brooklyn&pets=cats&laundry=in_unit' +
      '&availableBy=2027-01-01&bounds=40.7,-74,40.72,-73.95&sort=price_asc&cursor=abc&limit=5';
    const query = parse(address);
    expect(query.bounds).toEqual([40.7, -74, 40.72, -73.95]);
    expect(query.amenities).toEqual(['doorman', 'gym']);
    // Paging is not part of a search.
    expect(rawSearchFilters(new URLSearchParams(address))).not.toHaveProperty('cursor');
    const href = searchHref(query);
    expect(href.startsWith('/search?')).toBe(true);
    expect(parse(href.slice('/search?'.length))).toEqual(query);
  });

  it('writes a drawn area as lat,lng pairs and leaves the default sort out', () => {
    const query = SearchFiltersSchema.parse({
      polygon: [
        [40.7, -74],
        [40.72, -74],
        [40.71, -73.95],
      ],
      sort: 'newest',
    });
    expect(searchHref(query)).toBe(
      `/search?polygon=${encodeURIComponent('40.7,-74,40.72,-74,40.71,-73.95')}`,
    );
    expect(searchHref(SearchFiltersSchema.parse({}))).toBe('/search');
  });

  it('describes the filters in words', () => {
    expect(describeFilters(parse('neighborhoods=williamsburg&bedrooms=2&maxPrice=3500'))).toEqual([
      'Williamsburg',
      'Up to $3,500',
      '2+ bedrooms',
    ]);
    expect(describeFilters(parse('polygon=40.7,-74,40.72,-74,40.71,-73.95'))).toEqual([
      'Inside a drawn area',
    ]);
    expect(describeFilters(parse(''))).toEqual(['Every apartment']);
  });
});

describe('pages in the address', () => {
  it('asks for 1 to 10 pages, 1 for anything that is not a whole number from 2 up', () => {
    const count = (query: string) => addressPageCount(new URLSearchParams(query));
    expect(count('')).toBe(1);
    expect(count('page=3')).toBe(3);
    expect(count('page=0')).toBe(1);
    expect(count('page=-2')).toBe(1);
    expect(count('page=2.5')).toBe(1);
    expect(count('page=abc')).toBe(1);
    expect(count('page=999')).toBe(MAX_ADDRESS_PAGES);
  });

  it('links the same search with one page more, and no link past the most', () => {
    expect(morePagesHref('borough=brooklyn', 1)).toBe('/search?borough=brooklyn&page=2');
    expect(morePagesHref('', 2)).toBe('/search?page=3');
    expect(morePagesHref('borough=brooklyn', MAX_ADDRESS_PAGES)).toBeNull();
  });

  it('leaves the page count out of the search the page asks for', () => {
    expect(addressSearch(new URLSearchParams('boroughs=brooklyn&page=3'))).toBe(
      'boroughs=brooklyn',
    );
  });
});
