import { z } from 'zod';
import {
  ApplicationSchema,
  ApplicationsPageSchema,
  DeclineInputSchema,
  OfferInputSchema,
  RequestInfoInputSchema,
  RespondInputSchema,
} from '../../../../shared/schemas/applications.ts';
import {
  LandlordListingSchema,
  LandlordListingsSchema,
} from '../../../../shared/schemas/landlord-listings.ts';
import { RenterDocumentsSchema } from '../../../../shared/schemas/renter-documents.ts';

/*
 * The applications' zod checks. Imported only dynamically, so zod loads beside the first request
 * and stays out of the page's initial JS (decision 012).
 */
export const application = ApplicationSchema.parse;
export const applicationsPage = ApplicationsPageSchema.parse;
export const renterDocuments = RenterDocumentsSchema.parse;
/** A page of the landlord's listings, read for the filter: each one's id and title. */
export const listingChoices = LandlordListingsSchema.pick({ total: true }).extend({
  items: z.array(LandlordListingSchema.pick({ id: true, title: true })),
}).parse;
export const offerInput = OfferInputSchema;
export const declineInput = DeclineInputSchema;
export const requestInfoInput = RequestInfoInputSchema;
export const respondInput = RespondInputSchema;
