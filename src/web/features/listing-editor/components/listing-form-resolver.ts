import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { publishIssuesOf } from '../../../../shared/schemas/listing-publish.ts';
import { UpdateListingSchema } from '../../../../shared/schemas/listings.ts';
import {
  formFieldOf,
  type ListingFormValues,
  payloadOf,
  STEP_REQUIREMENTS,
  type StepKey,
} from '../listing-form-values.ts';

/**
 * Validates the current step's fields with the shared `UpdateListingSchema` and the step's share
 * of the shared publish requirements (loaded lazily, with zod, through `lazyResolver`).
 */
export const listingStepResolver: Resolver<ListingFormValues, { step: StepKey }> = (
  values,
  context,
  options,
) => {
  const step = context?.step ?? 'basics';
  const payload = payloadOf(step, values);
  if (Object.keys(payload).length === 0) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  const result = UpdateListingSchema.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = formFieldOf(issue.path.join('.'));
      errors[name] ??= { type: issue.code, message: issue.message };
    }
  } else {
    // Well-formed: now what this step must have before the listing can be published.
    for (const issue of publishIssuesOf(STEP_REQUIREMENTS[step], payload)) {
      errors[formFieldOf(issue.path)] ??= { type: 'required', message: issue.message };
    }
  }
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: toNestErrors(errors, options) };
};
