import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireRole } from '../../auth/session.ts';
import type { AppModule } from '../../lib/module.ts';
import { photoBodyLimit } from '../../lib/photo-upload.ts';
import { listingsApiOperations } from './listings.openapi.ts';
import {
  createLandlordListingChoicesRoutes,
  createLandlordListingsRoutes,
  createListingsRoutes,
  createNeighborhoodsRoutes,
  createPhotoUploadRoutes,
} from './listings.routes.ts';
import type { PlanLimits } from './listings.service.ts';
import { createPublicPageRoutes } from './public-pages.ts';
import { createSearchPageRoutes } from './search-page.ts';

/** `planLimits`: the billing module's answer for publishing, handed in by app.ts. */
export function listingsModule(
  deps: AppDeps,
  { planLimits }: { planLimits: PlanLimits },
): AppModule {
  return {
    api: [
      // Before `/listings`: the first body limit to match a request decides.
      {
        path: '/listings/:id/photos',
        routes: createPhotoUploadRoutes(deps),
        // Who may upload is checked before the body is read: a signed-out upload is refused unread.
        bodyLimit: {
          limit: photoBodyLimit,
          methods: ['POST'],
          beforeBody: requireRole('landlord'),
        },
      },
      { path: '/listings', routes: createListingsRoutes(deps, planLimits) },
      // Its own path only: `/landlord/*` would put JSON's 1 MB limit on the portrait upload.
      { path: '/landlord/listings', routes: createLandlordListingsRoutes(deps) },
      { path: '/landlord/listing-choices', routes: createLandlordListingChoicesRoutes(deps) },
      { path: '/neighborhoods', routes: createNeighborhoodsRoutes() },
    ],
    openApi: listingsApiOperations,
    shellPages: (indexHtml, renderPage) =>
      new Hono<AppEnv>()
        .route('/', createSearchPageRoutes(deps, indexHtml, renderPage))
        .route('/', createPublicPageRoutes(deps, renderPage)),
  };
}
