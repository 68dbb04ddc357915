import { describe, expect, it } from 'vitest';
import { SearchFiltersSchema } from '../../../shared/schemas/listing-queries.ts';
import { describeFilters, rawFiltersOf, searchHrefOf, suggestedName } from './search-query.ts';

const parse = (search: string) =>
  SearchFiltersSchema.parse(rawFiltersOf(new URLSearchParams(search)));

describe('a saved search and the /search address', () => {
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
    expect(rawFiltersOf(new URLSearchParams(address))).not.toHaveProperty('cursor');
    const href = searchHrefOf(query);
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
    expect(searchHrefOf(query)).toBe(
      `/search?polygon=${encodeURIComponent('40.7,-74,40.72,-74,40.71,-73.95')}`,
    );
    expect(searchHrefOf(SearchFiltersSchema.parse({}))).toBe('/search');
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
