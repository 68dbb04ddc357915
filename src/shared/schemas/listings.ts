import { z } from 'zod';
import { SEARCH_TERM_MAX_LENGTH } from '../constants.ts';
import {
  AMENITY_SLUGS,
  FEE_FREQUENCIES,
  FEE_TYPE_SLUGS,
  LAUNDRY,
  LEASE_TERM_MAX_MONTHS,
  LEASE_TERM_MIN_MONTHS,
  LISTING_STATUSES,
  MAX_APPLICATION_FEE_CENTS,
  MAX_BATHROOMS,
  MAX_BEDROOMS,
  MAX_FEES,
  MAX_RENT_CENTS,
  PET_KINDS,
  PETS,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
} from '../listings.ts';
import { BOROUGH_SLUGS, NEIGHBORHOOD_SLUGS } from '../neighborhoods.ts';
import { userText } from './user-text.ts';

const FEE_DESCRIPTION_TOO_LONG = 'Fee descriptions are at most 120 characters.';
export const BROKER_FEE_MESSAGE =
  'Stoop listings never charge tenants a broker fee (FARE Act). Remove it or pay it yourself.';
export const INVALID_LISTING_ID_MESSAGE = 'Invalid listing ID format';

export const ListingIdSchema = z.uuid({ error: INVALID_LISTING_ID_MESSAGE });
export const ListingIdParamSchema = z.object({ id: ListingIdSchema });
export const PhotoParamSchema = z.object({
  id: ListingIdSchema,
  photoId: z.uuid({ error: 'Invalid photo ID format' }),
});

export const ListingStatusSchema = z.enum(LISTING_STATUSES, {
  error: 'Status must be draft, active, rented or archived.',
});
export const NeighborhoodSlugSchema = z.enum(NEIGHBORHOOD_SLUGS, {
  error: 'Choose a neighborhood from the list.',
});
export const BoroughSchema = z.enum(BOROUGH_SLUGS, {
  error: 'Choose a borough: manhattan, brooklyn, queens, bronx or staten-island.',
});
export const AmenitySchema = z.enum(AMENITY_SLUGS, {
  error: 'Choose amenities from the list.',
});
export const PetsSchema = z.enum(PETS, {
  error: 'Pets must be none, cats, dogs or cats_and_dogs.',
});
export const LaundrySchema = z.enum(LAUNDRY, {
  error: 'Laundry must be in_unit, in_building or none.',
});

const DateSchema = z.iso.date({ error: 'Use a date like 2026-09-01.' });

export const FeeSchema = z
  .object({
    type: z.enum(FEE_TYPE_SLUGS, {
      error: (issue) =>
        /broker/i.test(String(issue.input))
          ? BROKER_FEE_MESSAGE
          : 'Choose a fee type from the list.',
    }),
    amountCents: z
      .number({ error: 'Enter the fee amount in cents.' })
      .int({ error: 'Fee amounts are whole cents.' })
      .min(0, { error: 'A fee cannot be negative.' })
      .max(MAX_RENT_CENTS, { error: 'That fee is too large.' }),
    frequency: z.enum(FEE_FREQUENCIES, { error: 'A fee is one_time or monthly.' }),
    required: z.boolean({ error: 'Say whether the fee is required or optional.' }),
    description: userText(z.string().max(120, { error: FEE_DESCRIPTION_TOO_LONG }), {
      length: 120,
      error: FEE_DESCRIPTION_TOO_LONG,
    }).optional(),
  })
  .superRefine((fee, ctx) => {
    if (fee.description && /broker/i.test(fee.description)) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: BROKER_FEE_MESSAGE });
    }
    if (fee.type === 'other' && !fee.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Describe this fee.' });
    }
    if (fee.type === 'application' && fee.amountCents > MAX_APPLICATION_FEE_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountCents'],
        message: 'New York caps the application fee at $20.',
      });
    }
    if (
      (fee.type === 'application' || fee.type === 'security_deposit') &&
      fee.frequency !== 'one_time'
    ) {
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'This fee is one-time.' });
    }
  });
export type Fee = z.infer<typeof FeeSchema>;

const TITLE_TOO_LONG = 'Title must be at most 120 characters.';
const TitleSchema = userText(
  z
    .string()
    .min(3, { error: 'Title must be at least 3 characters.' })
    .max(120, { error: TITLE_TOO_LONG }),
  { length: 120, error: TITLE_TOO_LONG },
  'Please enter a title.',
);
const DESCRIPTION_TOO_LONG = 'Description must be at most 5000 characters.';
const ADDRESS_TOO_LONG = 'Address must be at most 200 characters.';
const UNIT_TOO_LONG = 'Unit must be at most 20 characters.';

/** Every field a landlord may set; each optional so a draft fills in step by step. */
const listingFields = {
  title: TitleSchema,
  description: userText(z.string().max(5000, { error: DESCRIPTION_TOO_LONG }), {
    length: 5000,
    error: DESCRIPTION_TOO_LONG,
  }),
  address: userText(
    z.string().min(3, { error: 'Enter the street address.' }).max(200, { error: ADDRESS_TOO_LONG }),
    { length: 200, error: ADDRESS_TOO_LONG },
  ).nullable(),
  unit: userText(z.string().max(20, { error: UNIT_TOO_LONG }), {
    length: 20,
    error: UNIT_TOO_LONG,
  }).nullable(),
  neighborhood: NeighborhoodSlugSchema.nullable(),
  lat: z
    .number({ error: 'Latitude must be a number.' })
    .min(40.45, { error: 'The location must be in New York City.' })
    .max(40.95, { error: 'The location must be in New York City.' })
    .nullable(),
  lng: z
    .number({ error: 'Longitude must be a number.' })
    .min(-74.3, { error: 'The location must be in New York City.' })
    .max(-73.65, { error: 'The location must be in New York City.' })
    .nullable(),
  rentCents: z
    .number({ error: 'Enter the monthly rent in cents.' })
    .int({ error: 'Rent is whole cents.' })
    // Rents are quoted in whole dollars everywhere (issue 11 item 14).
    .multipleOf(100, { error: 'Enter the rent in whole dollars.' })
    .min(100_00, { error: 'Rent must be at least $100.' })
    .max(MAX_RENT_CENTS, { error: 'Rent must be at most $100,000.' })
    .nullable(),
  freeMonths: z
    .number({ error: 'Free months must be a number.' })
    .int({ error: 'Free months are whole months.' })
    .min(0, { error: 'Free months cannot be negative.' })
    .max(12, { error: 'At most 12 free months.' }),
  bedrooms: z
    .number({ error: 'Bedrooms must be a number.' })
    .int({ error: 'Bedrooms are whole numbers (0 = studio).' })
    .min(0, { error: 'Bedrooms cannot be negative.' })
    .max(MAX_BEDROOMS, { error: `At most ${MAX_BEDROOMS} bedrooms.` })
    .nullable(),
  bathrooms: z
    .number({ error: 'Bathrooms must be a number.' })
    .multipleOf(0.5, { error: 'Bathrooms go in half steps (1, 1.5, 2 …).' })
    .min(1, { error: 'At least 1 bathroom.' })
    .max(MAX_BATHROOMS, { error: `At most ${MAX_BATHROOMS} bathrooms.` })
    .nullable(),
  sqft: z
    .number({ error: 'Square feet must be a number.' })
    .int({ error: 'Square feet are whole numbers.' })
    .min(50, { error: 'At least 50 square feet.' })
    .max(20_000, { error: 'At most 20,000 square feet.' })
    .nullable(),
  availableFrom: DateSchema.nullable(),
  leaseTermMonths: z
    .number({ error: 'Lease term must be a number of months.' })
    .int({ error: 'Lease term is whole months.' })
    .min(LEASE_TERM_MIN_MONTHS, { error: 'Lease term is at least 1 month.' })
    .max(LEASE_TERM_MAX_MONTHS, { error: `Lease term is at most ${LEASE_TERM_MAX_MONTHS} months.` })
    .nullable(),
  pets: PetsSchema.nullable(),
  laundry: LaundrySchema.nullable(),
  amenities: z
    .array(AmenitySchema)
    .max(AMENITY_SLUGS.length)
    .transform((list) => [...new Set(list)]),
  fees: z.array(FeeSchema).max(MAX_FEES, { error: `At most ${MAX_FEES} fees.` }),
  /**
   * Issue 16: false (the default) keeps the exact spot private: everyone but the landlord sees
   * `lat`/`lng` rounded to a ~250 m grid, the address without its house number and no unit,
   * and the listing page's map shows the neighborhood.
   */
  showExactLocation: z.boolean({ error: 'Show exact location is true or false.' }),
};

/** `POST /api/listings`: a draft from a title alone, or more. */
export const CreateListingSchema = z
  .strictObject(listingFields)
  .partial()
  .extend({ title: TitleSchema });
export type CreateListingInput = z.infer<typeof CreateListingSchema>;

/** `PATCH /api/listings/{id}`: any subset, plus status changes (and `featured` for admins). */
export const UpdateListingSchema = z
  .strictObject({
    ...listingFields,
    status: ListingStatusSchema,
    featured: z.boolean({ error: 'Featured is true or false.' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'Nothing to update.' });
export type UpdateListingInput = z.infer<typeof UpdateListingSchema>;

export const ReorderPhotosSchema = z.object({
  order: z
    .array(z.uuid({ error: 'Invalid photo ID format' }))
    .min(1, { error: 'Give the photo order.' })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'Each photo appears once in the order.',
    }),
});

/** Query strings: empty means "not set" (spec §3: filters are empty strings by default). */
const blank = (value: unknown) => (value === '' ? undefined : value);
function commaList<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item).max(max).optional(),
  );
}
const dollars = (label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${label} must be a number of dollars.` })
      .int({ error: `${label} is whole dollars.` })
      .min(0, { error: `${label} cannot be negative.` })
      .max(MAX_RENT_CENTS / 100, { error: `${label} is too large.` })
      .optional(),
  );

/** Numbers from a comma-separated query value ("40.7,-74.0"), or the array itself. */
const numberList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number)
    : value;
export const BOUNDS_MESSAGE = 'Bounds are south,west,north,east in degrees.';
export const POLYGON_MESSAGE = 'A search area is 3 to 50 points given as lat,lng pairs.';
const degrees = (limit: number, error: string) =>
  z.number({ error }).min(-limit, { error }).max(limit, { error });
export const POLYGON_MAX_POINTS = 50;

/**
 * `bounds=south,west,north,east` (the map's visible area; issue 16): listings whose map
 * position lies inside, edges included. South below north, west below east (no antimeridian).
 */
export const BoundsSchema = z.preprocess(
  numberList,
  z
    .tuple(
      [
        degrees(90, BOUNDS_MESSAGE),
        degrees(180, BOUNDS_MESSAGE),
        degrees(90, BOUNDS_MESSAGE),
        degrees(180, BOUNDS_MESSAGE),
      ],
      { error: BOUNDS_MESSAGE },
    )
    .refine(([south, west, north, east]) => south < north && west < east, {
      error: BOUNDS_MESSAGE,
    }),
);
export type Bounds = [south: number, west: number, north: number, east: number];

/**
 * `polygon=lat,lng,lat,lng,…` (an area drawn on the map): listings whose map position lies
 * inside the closed ring (even-odd rule; the last point joins the first). Also accepted as
 * `[[lat, lng], …]` in a saved search.
 */
export const PolygonSchema = z.preprocess(
  (value) => {
    const list = numberList(value);
    if (!Array.isArray(list) || list.some((item) => Array.isArray(item))) return list;
    if (list.length % 2 !== 0) return null;
    const points: unknown[] = [];
    for (let i = 0; i < list.length; i += 2) points.push([list[i], list[i + 1]]);
    return points;
  },
  z
    .array(
      z.tuple([degrees(90, POLYGON_MESSAGE), degrees(180, POLYGON_MESSAGE)], {
        error: POLYGON_MESSAGE,
      }),
      { error: POLYGON_MESSAGE },
    )
    .min(3, { error: POLYGON_MESSAGE })
    .max(POLYGON_MAX_POINTS, { error: POLYGON_MESSAGE }),
);
export type Polygon = [lat: number, lng: number][];

/** The filters of a search (what a saved search keeps): `GET /api/listings` without paging. */
const searchFilterFields = {
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string()
      .max(SEARCH_TERM_MAX_LENGTH, { error: 'Search term cannot exceed 100 characters' })
      .optional(),
  ),
  minPrice: dollars('Minimum price'),
  maxPrice: dollars('Maximum price'),
  bedrooms: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Bedrooms must be a number.' })
      .int({ error: 'Bedrooms are whole numbers.' })
      .min(0, { error: 'Bedrooms cannot be negative.' })
      .max(MAX_BEDROOMS, { error: `At most ${MAX_BEDROOMS} bedrooms.` })
      .optional(),
  ),
  bathrooms: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Bathrooms must be a number.' })
      .multipleOf(0.5, { error: 'Bathrooms go in half steps.' })
      .min(0, { error: 'Bathrooms cannot be negative.' })
      .max(MAX_BATHROOMS, { error: `At most ${MAX_BATHROOMS} bathrooms.` })
      .optional(),
  ),
  amenities: commaList(AmenitySchema, AMENITY_SLUGS.length),
  neighborhoods: commaList(NeighborhoodSlugSchema, NEIGHBORHOOD_SLUGS.length),
  boroughs: commaList(BoroughSchema, BOROUGH_SLUGS.length),
  pets: commaList(z.enum(PET_KINDS, { error: 'Pets filter is cats and/or dogs.' }), 2),
  laundry: commaList(LaundrySchema, 3),
  availableBy: z.preprocess(blank, DateSchema.optional()),
  bounds: z.preprocess(blank, BoundsSchema.optional()),
  polygon: z.preprocess(blank, PolygonSchema.optional()),
};
const priceOrder = {
  check: (query: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
    query.minPrice === undefined ||
    query.maxPrice === undefined ||
    query.minPrice <= query.maxPrice,
  message: { error: 'Minimum price cannot be above the maximum price.', path: ['minPrice'] },
};

/** A saved search's `query` (issue 16): every filter, the text and the map area; no paging. */
export const SearchFiltersSchema = z
  .object({
    ...searchFilterFields,
    sort: z.preprocess(
      blank,
      z.enum(SEARCH_SORTS, { error: 'Sort is newest, price_asc or price_desc.' }).optional(),
    ),
  })
  .refine(priceOrder.check, priceOrder.message);
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const ListingSearchQuerySchema = z
  .object({
    ...searchFilterFields,
    sort: z.preprocess(
      blank,
      z.enum(SEARCH_SORTS, { error: 'Sort is newest, price_asc or price_desc.' }).default('newest'),
    ),
    /**
     * `exact=1` (issue 16): no typo correction, the words as typed ("Search instead for …"
     * after the page said "Showing results for …").
     */
    exact: z.preprocess(
      (value) => (value === '1' || value === 'true' ? true : blank(value)),
      z.literal(true, { error: 'Exact is 1 when set.' }).optional(),
    ),
    cursor: z.preprocess(blank, z.string().max(200, { error: 'Invalid cursor.' }).optional()),
    limit: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'Limit must be a number.' })
        .int()
        .min(1, { error: 'Limit is at least 1.' })
        .max(SEARCH_MAX_PAGE_SIZE, { error: `Limit is at most ${SEARCH_MAX_PAGE_SIZE}.` })
        .default(SEARCH_PAGE_SIZE),
    ),
  })
  .refine(priceOrder.check, priceOrder.message);
export type ListingSearchQuery = z.infer<typeof ListingSearchQuerySchema>;

export const FeaturedQuerySchema = z.object({
  limit: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'Limit must be a number.' })
      .int()
      .min(1, { error: 'Limit is at least 1.' })
      .max(SEARCH_MAX_PAGE_SIZE, { error: `Limit is at most ${SEARCH_MAX_PAGE_SIZE}.` })
      .optional(),
  ),
});

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
  /** When false, `lat`/`lng` are the rounded public position (see listingFields). */
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
export const ListingPinsQuerySchema = ListingSearchQuerySchema;

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
