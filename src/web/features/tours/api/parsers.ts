import {
  ListingTourSettingsSchema,
  ToursResponseSchema,
  WaitlistResponseSchema,
} from '../../../../shared/schemas/tours.ts';

/*
 * The tours answers checked by the shared schemas. Imported only dynamically, so zod loads beside
 * the first request instead of in the initial JS of the pages that list tours (decision 012).
 */
export const tours = ToursResponseSchema.parse;
export const tourSettings = ListingTourSettingsSchema.parse;
export const waitlist = WaitlistResponseSchema.parse;
