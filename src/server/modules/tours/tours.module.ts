import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { toursApiOperations } from './tours.openapi.ts';
import { createToursRoutes } from './tours.routes.ts';
import { waitlistApiOperations } from './waitlist.openapi.ts';
import {
  createLandlordWaitlistRoutes,
  createListingWaitlistRoutes,
  createWaitlistRoutes,
} from './waitlist.routes.ts';

export function toursModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/tours', routes: createToursRoutes(deps) },
      { path: '/listings/:id/waitlist', routes: createListingWaitlistRoutes(deps) },
      { path: '/waitlist', routes: createWaitlistRoutes(deps) },
      { path: '/landlord/waitlist', routes: createLandlordWaitlistRoutes(deps) },
    ],
    openApi: [...toursApiOperations, ...waitlistApiOperations],
  };
}
