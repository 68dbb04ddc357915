import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, formFieldOf, payloadOf } from './listing-form-values.ts';

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
});
