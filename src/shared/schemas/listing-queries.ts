import { z } from 'zod';
import { SEARCH_TERM_MAX_LENGTH } from '../constants.ts';
import { splitList } from '../list-param.ts';
import {
  AMENITY_SLUGS,
  MAX_BATHROOMS,
  MAX_BEDROOMS,
  MAX_RENT_CENTS,
  PET_KINDS,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
} from '../listings.ts';
import { BOROUGH_SLUGS, NEIGHBORHOOD_SLUGS } from '../neighborhoods.ts';
import {
  AmenitySchema,
  BoroughSchema,
  DateSchema,
  LaundrySchema,
  NeighborhoodSlugSchema,
} from './listings.ts';

/** The query strings of listing reads: search filters (saved or not), map areas, paging. */

/** Query strings: empty means "not set" (docs/spec.md §3: filters are empty strings by default). */
const blank = (value: unknown) => (value === '' ? undefined : value);
function commaList<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? splitList(value) : value),
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
  typeof value === 'string' ? splitList(value).map(Number) : value;
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

/** `GET /api/listings/pins` takes the filters of `GET /api/listings`. */
export const ListingPinsQuerySchema = ListingSearchQuerySchema;
