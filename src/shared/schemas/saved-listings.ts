import { z } from 'zod';
import { ListingSummarySchema } from './listing-responses.ts';
import { ListingIdSchema } from './listings.ts';

/* A renter's saved listings (`/api/saved-listings`). */

export const SavedListingParamSchema = z.object({ listingId: ListingIdSchema });

/**
 * docs/spec.md §3 saved listing, kept on the server; `available` is false once it is not active.
 */
export const SavedListingSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  listingId: z.uuid(),
  createdAt: z.string(),
  available: z.boolean(),
  /** The rent when it was saved (null for saves made before Stoop kept it). */
  savedRentCents: z.number().int().nullable(),
  listing: ListingSummarySchema,
});
export type SavedListing = z.infer<typeof SavedListingSchema>;
export const SavedListingsSchema = z.object({ items: z.array(SavedListingSchema) });
export const SavedListingResponseSchema = z.object({ savedListing: SavedListingSchema });
