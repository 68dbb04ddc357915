import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { availabilityApiOperations } from './availability.openapi.ts';
import {
  createAvailabilityRoutes,
  createTourSettingsRoutes,
  createTourSlotsRoutes,
} from './availability.routes.ts';

/** Tours, tour availability and the waitlist (issue 13). */
export function toursModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/landlord/availability', routes: createAvailabilityRoutes(deps) },
      { path: '/listings/:id/tour-settings', routes: createTourSettingsRoutes(deps) },
      { path: '/listings/:id/tour-slots', routes: createTourSlotsRoutes(deps) },
    ],
    openApi: [...availabilityApiOperations],
  };
}
