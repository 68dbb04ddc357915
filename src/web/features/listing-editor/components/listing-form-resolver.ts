import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { UpdateListingSchema } from '../../../../shared/schemas/listings.ts';
import {
  formFieldOf,
  type ListingFormValues,
  payloadOf,
  type StepKey,
} from '../listing-form-values.ts';

/**
 * Validates the current step's fields with the shared `UpdateListingSchema` (loaded lazily,
 * with zod, through `lazyResolver`).
 */
export const listingStepResolver: Resolver<ListingFormValues, { step: StepKey }> = (
  values,
  context,
  options,
) => {
  const payload = payloadOf(context?.step ?? 'basics', values);
  if (Object.keys(payload).length === 0) return { values, errors: {} };
  const result = UpdateListingSchema.safeParse(payload);
  if (result.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const name = formFieldOf(issue.path.join('.'));
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
