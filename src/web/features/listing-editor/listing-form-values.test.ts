import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import { EMPTY_VALUES, formFieldOf, payloadOf, valuesOf } from './listing-form-values.ts';

describe('listing form values', () => {
  it('turns typed dollars into cents and places the pin at the neighborhood', () => {
    const values = {
      ...EMPTY_VALUES,
      neighborhood: 'tribeca',
      address: ' 12 Test St ',
      rent: '3150.5',
      fees: [
        {
          type: 'application',
          amount: '20',
          frequency: 'one_time' as const,
          required: true,
          description: '',
        },
      ],
    };
    expect(payloadOf('location', values)).toMatchObject({
      address: '12 Test St',
      unit: null,
      neighborhood: 'tribeca',
      lat: 40.7163,
      lng: -74.0086,
      showExactLocation: false,
    });
    expect(payloadOf('price', values)).toEqual({
      rentCents: 315_050,
      freeMonths: 0,
      fees: [{ type: 'application', amountCents: 2_000, frequency: 'one_time', required: true }],
    });
  });

  it('sends empty numbers as null and nothing for the photo and review steps', () => {
    expect(payloadOf('details', EMPTY_VALUES)).toMatchObject({
      bedrooms: null,
      bathrooms: null,
      leaseTermMonths: 12,
      pets: null,
    });
    expect(payloadOf('photos', EMPTY_VALUES)).toEqual({});
    expect(formFieldOf('rentCents')).toBe('rent');
    expect(formFieldOf('fees.2.amountCents')).toBe('fees.2.amount');
  });

  it('keeps the exact-location choice: off by default, read from the listing, sent with the location', () => {
    expect(EMPTY_VALUES.showExactLocation).toBe(false);
    const listing: Listing = { ...EMPTY_LISTING, showExactLocation: true };
    const values = valuesOf(listing);
    expect(values.showExactLocation).toBe(true);
    expect(payloadOf('location', values)).toMatchObject({ showExactLocation: true });
    expect(payloadOf('location', { ...values, showExactLocation: false })).toMatchObject({
      showExactLocation: false,
    });
    // Only the location step sends it.
    expect(payloadOf('basics', values)).not.toHaveProperty('showExactLocation');
  });
});

/** A draft fresh from the API. */
const EMPTY_LISTING: Listing = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'draft',
  borough: 'brooklyn',
  lat: 40.7128,
  lng: -73.9614,
  netEffectiveRentCents: null,
  featured: false,
  publishedAt: null,
  photos: [],
  landlord: { id: '00000000-0000-4000-8000-000000000002', name: 'Lee' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  title: 'Corner 1BR',
  description: '',
  address: null,
  unit: null,
  neighborhood: 'williamsburg',
  rentCents: null,
  freeMonths: 0,
  fees: [],
  bedrooms: null,
  bathrooms: null,
  sqft: null,
  availableFrom: null,
  leaseTermMonths: null,
  pets: null,
  laundry: null,
  amenities: [],
  showExactLocation: false,
};
