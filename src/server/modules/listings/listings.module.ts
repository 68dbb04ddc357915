import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { photoBodyLimit } from '../../lib/photo-upload.ts';
import { listingsApiOperations } from './listings.openapi.ts';
import {
  createLandlordListingsRoutes,
  createListingsRoutes,
  createNeighborhoodsRoutes,
  createPhotoUploadRoutes,
} from './listings.routes.ts';
import { createSearchPageRoutes } from './search-page.ts';

export function listingsModule(deps: AppDeps): AppModule {
  return {
    api: [
      // Before `/listings`: the first body limit to match a request decides.
      {
        path: '/listings/:id/photos',
        routes: createPhotoUploadRoutes(deps),
        bodyLimit: { limit: photoBodyLimit, methods: ['POST'] },
      },
      { path: '/listings', routes: createListingsRoutes(deps) },
      { path: '/landlord', routes: createLandlordListingsRoutes(deps) },
      { path: '/neighborhoods', routes: createNeighborhoodsRoutes() },
    ],
    openApi: listingsApiOperations,
    shellPages: (indexHtml) => createSearchPageRoutes(deps, indexHtml),
  };
}
