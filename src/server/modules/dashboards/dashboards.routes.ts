import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { DailyViewsCache } from '../listings/landlord-listings.service.ts';
import { toursDeps } from '../tours/tours.service.ts';
import { landlordStats, renterDashboard } from './dashboards.service.ts';

/** `/api/landlord/stats`: the landlord dashboard's figures. */
export function createLandlordStatsRoutes({ database: { db }, events }: AppDeps) {
  const viewsCache = new DailyViewsCache(db, events);
  return new Hono<AppEnv>().get('/', requireRole('landlord'), async (c) => {
    return c.json(await landlordStats({ ctx: { db, viewsCache, user: currentUser(c) } }));
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
