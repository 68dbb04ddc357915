import { Hono } from 'hono';
import { Temporal } from 'temporal-polyfill';
import { ListingIdParamSchema } from '../../../shared/schemas/listings.ts';
import {
  AvailabilityInputSchema,
  SlotsQuerySchema,
  TourSettingsInputSchema,
} from '../../../shared/schemas/tours.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { validate } from '../../lib/validate.ts';
import {
  getAvailability,
  getListingTourSettings,
  saveAvailability,
  updateListingTourSettings,
} from './availability.service.ts';
import type { SlotCache } from './slot-cache.ts';
import { cachedListingSlots } from './slots.service.ts';

/** The longest range one `tour-slots` request may ask for (two months of a date strip). */
export const SLOTS_MAX_DAYS = 62;

function daysBetween(from: string, to: string): number {
  try {
    return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to)).days;
  } catch {
    return 0; // a malformed date already has its own issue
  }
}

const TourSlotsQuerySchema = SlotsQuerySchema.refine(
  (query) => daysBetween(query.from, query.to) < SLOTS_MAX_DAYS,
  { message: `Ask for at most ${SLOTS_MAX_DAYS} days at a time.`, path: ['to'] },
);

/** `/api/landlord/availability`: the signed-in landlord's hours. */
export function createAvailabilityRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireRole('landlord'))
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getAvailability({ ctx: { db, user: currentUser(c) } }));
    })
    .put('/', validate('json', AvailabilityInputSchema), async (c) => {
      const input = c.req.valid('json');
      return c.json(await saveAvailability({ ctx: { db, user: currentUser(c) }, input }));
    });
}

/** `/api/listings/{id}/tour-settings`: read by anyone who sees the listing, written by its owner. */
export function createTourSettingsRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', validate('param', ListingIdParamSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      const input = { listingId: c.req.valid('param').id };
      return c.json(await getListingTourSettings({ ctx: { db, user: c.var.user }, input }));
    })
    .put(
      '/',
      requireRole('landlord'),
      validate('param', ListingIdParamSchema),
      validate('json', TourSettingsInputSchema),
      async (c) => {
        const input = { listingId: c.req.valid('param').id, changes: c.req.valid('json') };
        return c.json(
          await updateListingTourSettings({ ctx: { db, user: currentUser(c) }, input }),
        );
      },
    );
}

/** `/api/listings/{id}/tour-slots?from&to`: open to everyone for public listings. */
export function createTourSlotsRoutes({ database: { db } }: AppDeps, slotCache: SlotCache) {
  return new Hono<AppEnv>().get(
    '/',
    validate('param', ListingIdParamSchema),
    validate('query', TourSlotsQuerySchema),
    async (c) => {
      // Seats change with every booking, and a renter's own waitlist hold shows only to them.
      c.header('Cache-Control', 'no-store');
      const input = { listingId: c.req.valid('param').id, ...c.req.valid('query') };
      const body = await cachedListingSlots({ ctx: { db, user: c.var.user, slotCache }, input });
      return c.body(body, 200, { 'Content-Type': 'application/json' });
    },
  );
}
