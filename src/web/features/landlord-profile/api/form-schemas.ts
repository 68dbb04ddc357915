import { LandlordProfileInputSchema } from '../../../../shared/schemas/billing.ts';

/*
 * The profile form's zod check. Imported only dynamically (`loadFormSchemas`), when the form is
 * first used, so zod stays out of the page's initial JS (decision 012).
 */
export const profileInput = LandlordProfileInputSchema;
