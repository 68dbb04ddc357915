import type { UseFormReturn } from 'react-hook-form';
import type { ListingFormValues, StepKey } from '../listing-form-values.ts';

/** The wizard's one form; each form step registers its own fields on it. */
export type ListingFormApi = UseFormReturn<ListingFormValues, { step: StepKey }>;

export type FormStepProps = { form: ListingFormApi };
