import { z } from 'zod';
import { SEARCH_TERM_MAX_LENGTH } from '../constants.ts';
import { LANDLORD_LISTINGS_MAX_PAGE_SIZE } from '../landlord-listings.ts';
import { ListingSummarySchema } from './listing-responses.ts';
import { ListingStatusSchema } from './listings.ts';

export { LANDLORD_LISTINGS_MAX_PAGE_SIZE } from '../landlord-listings.ts';

/* The landlord's own listings: the manager's table (`/api/landlord/listings`) and the dashboard. */

export const LandlordListingSchema = ListingSummarySchema.extend({
  viewCount: z.number().int(),
  saveCount: z.number().int(),
  inquiryCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LandlordListing = z.infer<typeof LandlordListingSchema>;

export const LANDLORD_LISTINGS_PAGE_SIZE = 20;

/** `GET /api/landlord/listings` query: a page of the manager's table, searched and filtered. */
export const LandlordListingsQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string()
      .max(SEARCH_TERM_MAX_LENGTH, { error: 'Search term cannot exceed 100 characters' })
      .optional(),
  ),
  status: ListingStatusSchema.optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1.' })
    .int({ error: 'Page must be a whole number from 1.' })
    .min(1, { error: 'Page must be a whole number from 1.' })
    .max(100_000, { error: 'Page must be a whole number from 1.' })
    .default(1),
  pageSize: z.coerce
    .number({ error: `Page size must be 1 to ${LANDLORD_LISTINGS_MAX_PAGE_SIZE}.` })
    .int({ error: `Page size must be 1 to ${LANDLORD_LISTINGS_MAX_PAGE_SIZE}.` })
    .min(1, { error: `Page size must be 1 to ${LANDLORD_LISTINGS_MAX_PAGE_SIZE}.` })
    .max(LANDLORD_LISTINGS_MAX_PAGE_SIZE, {
      error: `Page size must be 1 to ${LANDLORD_LISTINGS_MAX_PAGE_SIZE}.`,
    })
    .default(LANDLORD_LISTINGS_PAGE_SIZE),
});
export type LandlordListingsQuery = z.infer<typeof LandlordListingsQuerySchema>;

export const ListingStatusCountsSchema = z.object({
  draft: z.number().int(),
  active: z.number().int(),
  rented: z.number().int(),
  archived: z.number().int(),
});
export type ListingStatusCounts = z.infer<typeof ListingStatusCountsSchema>;

/**
 * One page of the landlord's listings. `total` counts what matches `q` and `status`;
 * `statusCounts` counts what matches `q` in each status (the filter's figures).
 */
export const LandlordListingsSchema = z.object({
  items: z.array(LandlordListingSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  statusCounts: ListingStatusCountsSchema,
});
export type LandlordListingsPage = z.infer<typeof LandlordListingsSchema>;

/** `GET /api/landlord/listing-choices` query: only the listings in this state. */
export const LandlordListingChoicesQuerySchema = z.object({
  status: ListingStatusSchema.optional(),
});
export type LandlordListingChoicesQuery = z.infer<typeof LandlordListingChoicesQuerySchema>;

/** A listing as a landlord's pickers offer it (tours, availability, applications, boosts). */
export const LandlordListingChoiceSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: ListingStatusSchema,
});
export type LandlordListingChoice = z.infer<typeof LandlordListingChoiceSchema>;

/**
 * The landlord's listings for a picker, by title: up to LANDLORD_LISTING_CHOICES_MAX in one
 * answer; `total` counts all that match.
 */
export const LandlordListingChoicesSchema = z.object({
  items: z.array(LandlordListingChoiceSchema),
  total: z.number().int(),
});
export type LandlordListingChoices = z.infer<typeof LandlordListingChoicesSchema>;
