import { Hono } from 'hono';
import { FEATURED_LIMIT } from '../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import {
  LandlordListingChoicesQuerySchema,
  LandlordListingsQuerySchema,
} from '../../../shared/schemas/landlord-listings.ts';
import {
  FeaturedQuerySchema,
  ListingPinsQuerySchema,
  ListingSearchQuerySchema,
} from '../../../shared/schemas/listing-queries.ts';
import {
  CreateListingSchema,
  ListingIdParamSchema,
  PhotoParamSchema,
  ReorderPhotosSchema,
  UpdateListingSchema,
} from '../../../shared/schemas/listings.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { readPhotoUpload } from '../../lib/photo-upload.ts';
import { validate } from '../../lib/validate.ts';
import { landlordListingChoices, landlordListings } from './landlord-listings.service.ts';
import { listingPageJson } from './listing-page-json.ts';
import { addPhoto, deletePhoto, reorderPhotos } from './listing-photos.service.ts';
import {
  createListing,
  featuredListings,
  getListing,
  listingPins,
  type PlanLimits,
  searchListings,
  similarToListing,
  updateListing,
} from './listings.service.ts';

const SEARCH_QUERIES_KEPT = { keepQueries: 1_000 };

export function createListingsRoutes(
  { database: { db }, storage, listingSearch, events, auth }: AppDeps,
  planLimits: PlanLimits,
) {
  const deps = { db, storage };
  const viewDeps = { ...deps, events, viewSecret: auth.options.secret };
  return (
    new Hono<AppEnv>()
      // Searches repeat their query strings (pages of the same filters, popular ones): the
      // valid ones are kept (decision 060; the schema is pure).
      .get('/', validate('query', ListingSearchQuerySchema, {}, SEARCH_QUERIES_KEPT), async (c) => {
        const ctx = { ...deps, listingSearch };
        const page = await searchListings({ ctx, input: c.req.valid('query') });
        // c.json's bytes and header, the listings' JSON made once each (decision 060).
        return c.body(listingPageJson(page), 200, { 'Content-Type': 'application/json' });
      })
      .get('/featured', validate('query', FeaturedQuerySchema), async (c) => {
        const limit = c.req.valid('query').limit ?? FEATURED_LIMIT;
        return c.json(await featuredListings({ ctx: deps, input: { limit } }));
      })
      // Before `/:id`, which would take "pins" for an id.
      .get('/pins', validate('query', ListingPinsQuerySchema), async (c) => {
        return c.json(await listingPins({ ctx: { listingSearch }, input: c.req.valid('query') }));
      })
      .get('/:id/similar', validate('param', ListingIdParamSchema), async (c) => {
        const items = await similarToListing({
          ctx: { ...deps, listingSearch, user: c.var.user },
          input: { listingId: c.req.valid('param').id },
        });
        return c.json({ items });
      })
      .get('/:id', validate('param', ListingIdParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const listing = await getListing({
          ctx: { ...viewDeps, user: c.var.user },
          input: {
            listingId: id,
            client: { address: c.var.clientIp, userAgent: c.req.header('user-agent') },
          },
        });
        return c.json({ listing });
      })
      .post('/', requireRole('landlord'), validate('json', CreateListingSchema), async (c) => {
        const listing = await createListing({
          ctx: { ...deps, events, user: currentUser(c) },
          input: c.req.valid('json'),
        });
        return c.json({ listing }, 201);
      })
      .patch(
        '/:id',
        requireRole('landlord', 'admin'),
        validate('param', ListingIdParamSchema),
        validate('json', UpdateListingSchema),
        async (c) => {
          const listing = await updateListing({
            ctx: { ...deps, events, planLimits, user: currentUser(c) },
            input: { listingId: c.req.valid('param').id, changes: c.req.valid('json') },
          });
          return c.json({ listing });
        },
      )
      .patch(
        '/:id/photos',
        requireRole('landlord'),
        validate('param', ListingIdParamSchema),
        validate('json', ReorderPhotosSchema),
        async (c) => {
          const result = await reorderPhotos({
            ctx: { ...deps, user: currentUser(c) },
            input: { listingId: c.req.valid('param').id, order: c.req.valid('json').order },
          });
          return c.json(result);
        },
      )
      .delete(
        '/:id/photos/:photoId',
        requireRole('landlord'),
        validate('param', PhotoParamSchema),
        async (c) => {
          const { id, photoId } = c.req.valid('param');
          const result = await deletePhoto({
            ctx: { ...deps, user: currentUser(c) },
            input: { listingId: id, photoId },
          });
          return c.json(result);
        },
      )
  );
}

/**
 * `POST /api/listings/{id}/photos`, a router of its own: it reads up to the photo limit, every
 * other listing route JSON's 1 MB.
 */
export function createPhotoUploadRoutes({ database: { db }, storage }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    requireRole('landlord'),
    validate('param', ListingIdParamSchema),
    async (c) => {
      const result = await addPhoto({
        ctx: { db, storage, user: currentUser(c) },
        input: { listingId: c.req.valid('param').id, data: await readPhotoUpload(c) },
      });
      return c.json(result, 201);
    },
  );
}

/** `/api/landlord/listings`: the landlord's own listings table (the dashboard reads `/api/landlord/stats`). */
export function createLandlordListingsRoutes({ database: { db }, storage }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    requireRole('landlord'),
    validate('query', LandlordListingsQuerySchema),
    async (c) => {
      const ctx = { db, storage, user: currentUser(c) };
      return c.json(await landlordListings({ ctx, input: c.req.valid('query') }));
    },
  );
}

/** `/api/landlord/listing-choices`: the landlord's listings for a picker (id, title, status). */
export function createLandlordListingChoicesRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    requireRole('landlord'),
    validate('query', LandlordListingChoicesQuerySchema),
    async (c) => {
      const ctx = { db, user: currentUser(c) };
      return c.json(await landlordListingChoices({ ctx, input: c.req.valid('query') }));
    },
  );
}

const neighborhoodsBody = {
  boroughs: BOROUGHS.map(({ slug, name }) => ({ slug, name })),
  items: NEIGHBORHOODS.map(({ slug, name, borough, lat, lng }) => ({
    slug,
    name,
    borough,
    lat,
    lng,
  })),
};

export function createNeighborhoodsRoutes() {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(neighborhoodsBody);
  });
}
