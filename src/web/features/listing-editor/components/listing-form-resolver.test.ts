import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PUBLISH_MESSAGES } from '../../../../shared/listing-publish-messages.ts';
import { EMPTY_VALUES, type ListingFormValues, type StepKey } from '../listing-form-values.ts';
import { listingStepResolver } from './listing-form-resolver.ts';

const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as ResolverOptions<ListingFormValues>;

async function errorsOf(step: StepKey, values: Partial<ListingFormValues>) {
  const result = await listingStepResolver({ ...EMPTY_VALUES, ...values }, { step }, options);
  return Object.fromEntries(
    Object.entries(result.errors).map(([name, error]) => [name, error?.message]),
  );
}

/** The Details step filled in, except the two choices that start on "Choose". */
const DETAILS_BUT_CHOICES: Partial<ListingFormValues> = {
  bathrooms: '1',
  availableFrom: '2026-12-01',
  leaseTermMonths: '12',
};

describe('the create wizard checks each step before Continue', () => {
  it('refuses Details with Pets and Laundry left on "Choose"', async () => {
    expect(await errorsOf('details', { ...DETAILS_BUT_CHOICES, bedrooms: '2' })).toEqual({
      pets: PUBLISH_MESSAGES.pets,
      laundry: PUBLISH_MESSAGES.laundry,
    });
  });

  it('asks for each step’s own required fields', async () => {
    expect(await errorsOf('basics', { title: 'Sunny studio', description: 'Nice' })).toEqual({
      description: PUBLISH_MESSAGES.description,
    });
    expect(await errorsOf('location', {})).toEqual({
      address: PUBLISH_MESSAGES.address,
      neighborhood: PUBLISH_MESSAGES.neighborhood,
    });
    expect(await errorsOf('price', { rent: '' })).toEqual({ rent: PUBLISH_MESSAGES.rentCents });
  });

  it('passes a complete step, and still reports malformed values first', async () => {
    expect(
      await errorsOf('details', {
        ...DETAILS_BUT_CHOICES,
        bedrooms: '0',
        pets: 'none',
        laundry: 'in_building',
      }),
    ).toEqual({});
    const malformed = await errorsOf('details', { bedrooms: '-1' });
    expect(malformed.bedrooms).toBeTruthy();
    expect(malformed.bedrooms).not.toBe(PUBLISH_MESSAGES.bedrooms);
  });
});
