import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { DailyViewsCache, LISTING_VIEWS_CHANNEL } from '../listings/landlord-listings.service.ts';
import { toursDeps } from '../tours/tours.service.ts';
import { landlordStats, renterDashboard } from './dashboards.service.ts';
import { LandlordStatsCache } from './stats-cache.ts';

/** `/api/landlord/stats`: the landlord dashboard's figures. */
export function createLandlordStatsRoutes({ database: { db }, events }: AppDeps) {
  const viewsCache = new DailyViewsCache(db, events);
  // The views cache keeps LISTEN running; while it hears its channel, events arrive too.
  const statsCache = new LandlordStatsCache(events, () => events.watching(LISTING_VIEWS_CHANNEL));
  return new Hono<AppEnv>().get('/', requireRole('landlord'), async (c) => {
    const ctx = { db, viewsCache, statsCache, user: currentUser(c) };
    return c.json(await landlordStats({ ctx }));
  });
}

/** `/api/renter/dashboard`: the renter dashboard. */
export function createRenterDashboardRoutes(deps: AppDeps) {
  const { db, coverUrl } = toursDeps(deps);
  const { storage } = deps;
  return new Hono<AppEnv>().get('/', requireRole('renter'), async (c) => {
    return c.json(await renterDashboard({ ctx: { db, storage, coverUrl, user: currentUser(c) } }));
  });
}
