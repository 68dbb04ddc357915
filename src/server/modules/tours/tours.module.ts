import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { awaitNoticesAfterWrite } from '../../lib/after-write.ts';
import type { AppModule } from '../../lib/module.ts';
import { availabilityApiOperations } from './availability.openapi.ts';
import {
  createAvailabilityRoutes,
  createTourSettingsRoutes,
  createTourSlotsRoutes,
} from './availability.routes.ts';
import { SlotCache } from './slot-cache.ts';
import { toursApiOperations } from './tours.openapi.ts';
import { createToursRoutes } from './tours.routes.ts';
import { waitlistApiOperations } from './waitlist.openapi.ts';
import {
  createLandlordWaitlistRoutes,
  createListingWaitlistRoutes,
  createWaitlistRoutes,
} from './waitlist.routes.ts';

/**
 * A write answers only once this instance has heard its own commit's `tour_slots` notices, so
 * the writer's next read of slots never comes from the cache the write made stale. The app does
 * the round trip, once per write (decision 049).
 */
function afterSlotNotices(routes: Hono<AppEnv>) {
  return new Hono<AppEnv>().use(awaitNoticesAfterWrite).route('/', routes);
}

/** Tours, tour availability and the waitlist (issue 13). */
export function toursModule(deps: AppDeps): AppModule {
  const slotCache = new SlotCache(deps.events);
  const writes = afterSlotNotices;
  return {
    api: [
      { path: '/landlord/availability', routes: writes(createAvailabilityRoutes(deps)) },
      { path: '/listings/:id/tour-settings', routes: writes(createTourSettingsRoutes(deps)) },
      { path: '/listings/:id/tour-slots', routes: createTourSlotsRoutes(deps, slotCache) },
      { path: '/tours', routes: writes(createToursRoutes(deps)) },
      { path: '/listings/:id/waitlist', routes: writes(createListingWaitlistRoutes(deps)) },
      { path: '/waitlist', routes: writes(createWaitlistRoutes(deps)) },
      { path: '/landlord/waitlist', routes: writes(createLandlordWaitlistRoutes(deps)) },
    ],
    openApi: [...availabilityApiOperations, ...toursApiOperations, ...waitlistApiOperations],
  };
}
