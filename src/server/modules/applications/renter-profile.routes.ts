import { Hono } from 'hono';
import { ApplicationSettingsSchema } from '../../../shared/schemas/application-settings.ts';
import { ListingIdParamSchema } from '../../../shared/schemas/listings.ts';
import { RenterProfileInputSchema } from '../../../shared/schemas/renter-profile.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { noStore } from '../../lib/no-store.ts';
import { validate } from '../../lib/validate.ts';
import { getApplicationSettings, saveApplicationSettings } from './application-settings.service.ts';
import { getRenterProfile, saveRenterProfile } from './renter-profile.service.ts';

/** `/api/renter-profile`: the signed-in renter's own profile (landlords and admins: 403). */
export function createRenterProfileRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireRole('renter'), noStore)
    .get('/', async (c) => c.json(await getRenterProfile({ ctx: { db, user: currentUser(c) } })))
    .put('/', validate('json', RenterProfileInputSchema), async (c) =>
      c.json(
        await saveRenterProfile({ ctx: { db, user: currentUser(c) }, input: c.req.valid('json') }),
      ),
    );
}

/** `/api/listings/{id}/application-settings`: read by anyone who sees the listing, set by its owner. */
export function createApplicationSettingsRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', validate('param', ListingIdParamSchema), async (c) => {
      // A draft's criteria show to its owner only: no shared cache may keep the answer.
      c.header('Cache-Control', 'no-store');
      const input = { listingId: c.req.valid('param').id };
      return c.json(await getApplicationSettings({ ctx: { db, user: c.var.user }, input }));
    })
    .put(
      '/',
      requireRole('landlord'),
      validate('param', ListingIdParamSchema),
      validate('json', ApplicationSettingsSchema),
      async (c) => {
        const input = { listingId: c.req.valid('param').id, settings: c.req.valid('json') };
        return c.json(await saveApplicationSettings({ ctx: { db, user: currentUser(c) }, input }));
      },
    );
}
