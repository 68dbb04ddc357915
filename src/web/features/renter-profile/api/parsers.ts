import {
  RenterDocumentResponseSchema,
  RenterDocumentsSchema,
} from '../../../../shared/schemas/renter-documents.ts';
import {
  RenterProfileInputSchema,
  RenterProfileResponseSchema,
} from '../../../../shared/schemas/renter-profile.ts';

/*
 * The renter profile's zod checks. Imported only dynamically, so zod loads beside the first
 * request and stays out of the page's initial JS (decision 012).
 */
export const profileResponse = RenterProfileResponseSchema.parse;
export const documents = RenterDocumentsSchema.parse;
export const document = RenterDocumentResponseSchema.parse;
export const profileInput = RenterProfileInputSchema;
