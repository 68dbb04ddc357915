import {
  DeclineInputSchema,
  OfferInputSchema,
  RequestInfoInputSchema,
  RespondInputSchema,
} from '../../../../shared/schemas/applications.ts';
import { AcceptInputSchema, InviteInputSchema } from '../../../../shared/schemas/households.ts';

/*
 * The landlord's and the renter's forms' zod checks. Imported only dynamically
 * (`loadFormSchemas`), when a form is first used, so zod stays out of the pages' initial JS
 * (decision 012).
 */
export const offerInput = OfferInputSchema;
export const declineInput = DeclineInputSchema;
export const requestInfoInput = RequestInfoInputSchema;
export const respondInput = RespondInputSchema;
export const inviteInput = InviteInputSchema;
export const acceptInput = AcceptInputSchema;
