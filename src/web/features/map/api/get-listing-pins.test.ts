import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { parseListingPins, pinsQueryString } from './get-listing-pins.ts';

describe('GET /api/listings/pins glue', () => {
  it("asks with the search's filters, without what pins ignore", () => {
    expect(
      pinsQueryString('q=loft&bedrooms=2&sort=price_asc&bounds=40.7%2C-74%2C40.8%2C-73.9'),
    ).toBe('q=loft&bedrooms=2&bounds=40.7%2C-74%2C40.8%2C-73.9');
    expect(pinsQueryString('sort=newest&cursor=abc&limit=5')).toBe('');
  });

  it('takes an answer of the contract and refuses anything else', () => {
    const answer = {
      total: 1,
      pins: [{ id: 'x', lat: 40.7, lng: -73.9, rentCents: 1 }],
      clusters: [],
    };
    expect(parseListingPins(answer)).toBe(answer);
    expect(() => parseListingPins({ items: [] })).toThrow(ApiError);
    expect(() => parseListingPins(null)).toThrow(ApiError);
  });
});
