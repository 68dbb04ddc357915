import {
  LandlordListingChoicesSchema,
  LandlordListingsSchema,
} from '../../../shared/schemas/landlord-listings.ts';
import {
  FeaturedListingsSchema,
  ListingPageSchema,
  ListingPinsSchema,
  ListingResponseSchema,
  NeighborhoodsResponseSchema,
  PhotoResponseSchema,
  PhotosResponseSchema,
  SimilarListingsSchema,
} from '../../../shared/schemas/listing-responses.ts';
import {
  CreateListingSchema,
  ReorderPhotosSchema,
  UpdateListingSchema,
} from '../../../shared/schemas/listings.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

/** Listings, photos, the landlord's listings and neighborhoods in /api/openapi.json. */
export const listingsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/listings',
    errors: ['VALIDATION_ERROR'],
    summary:
      'Search active listings. Query: q, minPrice, maxPrice (dollars), bedrooms, bathrooms (minimums), amenities, neighborhoods, boroughs, pets, laundry (comma lists), availableBy, bounds=south,west,north,east, polygon=lat,lng,lat,lng,… (3-50 points; the map position inside, edges included), exact=1 (no typo correction), sort=newest|price_asc|price_desc, cursor, limit. correctedQuery: the words searched when typo correction changed them. lat/lng are the public map position (rounded to a ~250 m grid unless showExactLocation).',
    tags: ['listings'],
    response: ListingPageSchema,
  },
  {
    method: 'get',
    path: '/api/listings/featured',
    errors: ['VALIDATION_ERROR'],
    summary: 'Featured active listings, newest first',
    tags: ['listings'],
    response: FeaturedListingsSchema,
  },
  {
    method: 'get',
    path: '/api/listings/pins',
    errors: ['VALIDATION_ERROR'],
    summary:
      "The map's markers for a search (the filters of GET /api/listings; sort and paging ignored): up to 1,000 matches each as a pin (id, public position, rent), newest first; more, clusters (mean position and count) on a 32 × 32 grid over bounds or the matches' extent",
    tags: ['listings'],
    response: ListingPinsSchema,
  },
  {
    method: 'get',
    path: '/api/listings/{id}/similar',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      'Up to 6 active listings like this one (same bedrooms, rent within ±15%, same or neighbouring neighborhood), closest rent first, then newest; 404 when the listing is not visible to the caller',
    tags: ['listings'],
    response: SimilarListingsSchema,
  },
  {
    method: 'get',
    path: '/api/listings/{id}',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary: 'One listing: active for everyone, any status for its owner',
    tags: ['listings'],
    response: ListingResponseSchema,
  },
  {
    method: 'post',
    path: '/api/listings',
    success: [201],
    errors: ['FORBIDDEN'],
    summary: 'Create a draft listing (landlords; a title is enough)',
    tags: ['listings'],
    body: CreateListingSchema,
    response: ListingResponseSchema,
    auth: true,
  },
  {
    method: 'patch',
    path: '/api/listings/{id}',
    errors: ['CONFLICT', 'FORBIDDEN', 'LISTING_UNPUBLISHED', 'NOT_FOUND', 'PLAN_LIMIT'],
    summary: 'Edit a listing or change its status (owner); publishing checks completeness',
    tags: ['listings'],
    body: UpdateListingSchema,
    response: ListingResponseSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/listings/{id}/photos',
    success: [201],
    errors: ['FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', 'VALIDATION_ERROR'],
    summary:
      'Upload a photo (owner; multipart field "photo"; JPEG, PNG, WebP or AVIF, ≤ 10 MiB). Signed out: 401 before the body is read. An account uploads at most 60 photos an hour: 429 RATE_LIMITED with Retry-After',
    tags: ['listings'],
    response: PhotoResponseSchema,
    auth: true,
  },
  {
    method: 'patch',
    path: '/api/listings/{id}/photos',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary: 'Reorder photos (owner); the first is the cover',
    tags: ['listings'],
    body: ReorderPhotosSchema,
    response: PhotosResponseSchema,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/listings/{id}/photos/{photoId}',
    errors: ['CONFLICT', 'NOT_FOUND'],
    summary: 'Delete a photo (owner)',
    tags: ['listings'],
    response: PhotosResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/landlord/listings',
    errors: ['FORBIDDEN', 'VALIDATION_ERROR'],
    summary:
      "A page of the signed-in landlord's listings, newest first, with views, saves (not the owner's) and inquiries. Query: q (title or address), status, page (from 1), pageSize (1-100, default 20)",
    tags: ['listings'],
    response: LandlordListingsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/landlord/listing-choices',
    errors: ['FORBIDDEN', 'VALIDATION_ERROR'],
    summary:
      "The signed-in landlord's listings for a picker: id, title and status, by title, up to 1,000 (total counts all). Query: status",
    tags: ['listings'],
    response: LandlordListingChoicesSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/neighborhoods',
    summary: 'The closed list of boroughs and neighborhoods',
    tags: ['listings'],
    response: NeighborhoodsResponseSchema,
  },
];
