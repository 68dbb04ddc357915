import { z } from 'zod';
import {
  AmenitySchema,
  BoroughSchema,
  FeeSchema,
  LaundrySchema,
  ListingStatusSchema,
  NeighborhoodSlugSchema,
  PetsSchema,
} from './listings.ts';

/** What the listing endpoints answer: listings, summaries, pages, pins, photos, neighborhoods. */

export const PhotoSourceSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});
export const PhotoSchema = z.object({
  id: z.uuid(),
  /** A middle size for a plain `src`; `sources` is the `srcset`. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A tiny blurred WebP as a data URI, shown while the photo loads. */
  placeholder: z.string(),
  sources: z.array(PhotoSourceSchema),
});
export type Photo = z.infer<typeof PhotoSchema>;

const listingCommon = {
  id: z.uuid(),
  status: ListingStatusSchema,
  title: z.string(),
  address: z.string().nullable(),
  unit: z.string().nullable(),
  neighborhood: NeighborhoodSlugSchema.nullable(),
  borough: BoroughSchema.nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  rentCents: z.number().int().nullable(),
  freeMonths: z.number().int(),
  netEffectiveRentCents: z.number().int().nullable(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().nullable(),
  sqft: z.number().int().nullable(),
  availableFrom: z.string().nullable(),
  leaseTermMonths: z.number().int().nullable(),
  pets: PetsSchema.nullable(),
  laundry: LaundrySchema.nullable(),
  amenities: z.array(AmenitySchema),
  featured: z.boolean(),
  publishedAt: z.string().nullable(),
  /** When false, `lat`/`lng` are the rounded public position (see listingFields, listings.ts). */
  showExactLocation: z.boolean(),
};

/** A search result or card: the listing without its long text, fees and gallery. */
export const ListingSummarySchema = z.object({
  ...listingCommon,
  coverPhoto: PhotoSchema.nullable(),
  photoCount: z.number().int(),
});
export type ListingSummary = z.infer<typeof ListingSummarySchema>;

export const ListingSchema = z.object({
  ...listingCommon,
  description: z.string(),
  fees: z.array(FeeSchema),
  photos: z.array(PhotoSchema),
  /**
   * The landlord's public card: the profile's fields when present (issue 14; the contact phone
   * is never shown here). Optional for answers made before profiles existed.
   */
  landlord: z.object({
    id: z.uuid(),
    name: z.string(),
    displayName: z.string().optional(),
    photoUrl: z.string().nullable().optional(),
    bio: z.string().nullable().optional(),
    languages: z.array(z.string()).optional(),
    /** Stored from messaging (hourly, and at each profile change); null without figures. */
    medianFirstReplyMinutes: z.number().nullable().optional(),
    replyRate: z.number().min(0).max(1).nullable().optional(),
    memberSince: z.string().optional(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof ListingSchema>;
export const ListingResponseSchema = z.object({ listing: ListingSchema });

export const ListingPageSchema = z.object({
  items: z.array(ListingSummarySchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  /**
   * Issue 16: set when typo correction changed the words ("williamsburg" for "wiliamsburg"):
   * the corrected words joined by spaces. The page says "Showing results for …".
   */
  correctedQuery: z.string().nullable(),
});

/** `GET /api/listings/pins` answers every pin up to this many matches, else clusters. */
export const PINS_MAX = 1_000;
export const ListingPinSchema = z.object({
  id: z.uuid(),
  /** The public map position (rounded unless the landlord shows the exact spot). */
  lat: z.number(),
  lng: z.number(),
  rentCents: z.number().int(),
  /** For the pin's accessible name ("$3,200, 2 bd in Williamsburg"). */
  bedrooms: z.number().int(),
  neighborhood: z.string(),
});
export type ListingPin = z.infer<typeof ListingPinSchema>;
/**
 * `GET /api/listings/pins?<the filters of GET /api/listings>` (issue 16): the map's markers for
 * every match, served by the search index. Up to PINS_MAX matches: each as a pin, `clusters`
 * empty. More: `pins` empty and the matches counted on a 32 × 32 grid over their extent (or the
 * `bounds`), each non-empty cell as its matches' mean position and count.
 */
export const ListingPinsSchema = z.object({
  total: z.number().int(),
  pins: z.array(ListingPinSchema),
  clusters: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number().int() })),
});
export type ListingPins = z.infer<typeof ListingPinsSchema>;

/** `GET /api/listings/{id}/similar` (issue 16): at most this many. */
export const SIMILAR_LIMIT = 6;
export const SimilarListingsSchema = z.object({ items: z.array(ListingSummarySchema) });
export type ListingPage = z.infer<typeof ListingPageSchema>;
export const FeaturedListingsSchema = z.object({ items: z.array(ListingSummarySchema) });

export const PhotoResponseSchema = z.object({ photo: PhotoSchema, photos: z.array(PhotoSchema) });
export const PhotosResponseSchema = z.object({ photos: z.array(PhotoSchema) });

export const NeighborhoodsResponseSchema = z.object({
  boroughs: z.array(z.object({ slug: BoroughSchema, name: z.string() })),
  items: z.array(
    z.object({
      slug: NeighborhoodSlugSchema,
      name: z.string(),
      borough: BoroughSchema,
      lat: z.number(),
      lng: z.number(),
    }),
  ),
});
