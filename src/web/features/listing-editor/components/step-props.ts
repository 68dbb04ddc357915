import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ListingFormValues, StepKey } from '../listing-form-values.ts';

/** What a form step needs of the wizard's one form to register and show its own fields. */
export type FormStepProps = {
  register: UseFormRegister<ListingFormValues>;
  errors: FieldErrors<ListingFormValues>;
  control: Control<ListingFormValues, { step: StepKey }>;
};
