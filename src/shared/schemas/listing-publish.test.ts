import { describe, expect, it } from 'vitest';
import { PUBLISH_MESSAGES } from '../listing-publish-messages.ts';
import { publishIssues, publishIssuesOf } from './listing-publish.ts';

const complete = {
  description: 'A bright one-bedroom with a view.',
  address: '12 Test St',
  neighborhood: 'tribeca',
  lat: 40.7,
  lng: -74,
  rentCents: 295_000,
  bedrooms: 1,
  bathrooms: 1,
  availableFrom: '2026-12-01',
  leaseTermMonths: 12,
  pets: 'cats',
  laundry: 'in_unit',
  photos: 1,
};

describe('publish requirements', () => {
  it('accepts a complete listing (a studio has 0 bedrooms)', () => {
    expect(publishIssues(complete)).toEqual([]);
    expect(publishIssues({ ...complete, bedrooms: 0 })).toEqual([]);
  });

  it('names every gap in form order, location once', () => {
    expect(
      publishIssues({ ...complete, description: '  short  ', lat: null, lng: null, pets: null }),
    ).toEqual([
      { path: 'description', message: PUBLISH_MESSAGES.description },
      { path: 'lat', message: PUBLISH_MESSAGES.location },
      { path: 'pets', message: PUBLISH_MESSAGES.pets },
    ]);
    expect(publishIssues({ ...complete, address: '   ', photos: 0 })).toEqual([
      { path: 'address', message: PUBLISH_MESSAGES.address },
      { path: 'photos', message: PUBLISH_MESSAGES.photos },
    ]);
  });

  it('checks only the fields asked for (one wizard step)', () => {
    const details = ['bedrooms', 'bathrooms', 'pets', 'laundry'] as const;
    expect(publishIssuesOf(details, { bedrooms: 2, bathrooms: 1 })).toEqual([
      { path: 'pets', message: PUBLISH_MESSAGES.pets },
      { path: 'laundry', message: PUBLISH_MESSAGES.laundry },
    ]);
    expect(publishIssuesOf(['rentCents'], { rentCents: 100 })).toEqual([]);
  });
});
