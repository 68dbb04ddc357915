import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { availabilityApiOperations } from './availability.openapi.ts';
import {
  createAvailabilityRoutes,
  createTourSettingsRoutes,
  createTourSlotsRoutes,
} from './availability.routes.ts';
import { toursApiOperations } from './tours.openapi.ts';
import { createToursRoutes } from './tours.routes.ts';
import { waitlistApiOperations } from './waitlist.openapi.ts';
import {
  createLandlordWaitlistRoutes,
  createListingWaitlistRoutes,
  createWaitlistRoutes,
} from './waitlist.routes.ts';

/** Tours, tour availability and the waitlist (issue 13). */
export function toursModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/landlord/availability', routes: createAvailabilityRoutes(deps) },
      { path: '/listings/:id/tour-settings', routes: createTourSettingsRoutes(deps) },
      { path: '/listings/:id/tour-slots', routes: createTourSlotsRoutes(deps) },
      { path: '/tours', routes: createToursRoutes(deps) },
      { path: '/listings/:id/waitlist', routes: createListingWaitlistRoutes(deps) },
      { path: '/waitlist', routes: createWaitlistRoutes(deps) },
      { path: '/landlord/waitlist', routes: createLandlordWaitlistRoutes(deps) },
    ],
    openApi: [...availabilityApiOperations, ...toursApiOperations, ...waitlistApiOperations],
  };
}
