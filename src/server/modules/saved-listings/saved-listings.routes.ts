import { Hono } from 'hono';
import { SavedListingParamSchema } from '../../../shared/schemas/saved-listings.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { validate } from '../../lib/validate.ts';
import { listSavedListings, saveListing, unsaveListing } from './saved-listings.service.ts';

export function createSavedListingsRoutes({ database: { db }, storage, events }: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      return c.json(await listSavedListings({ ctx: { db, storage, user: currentUser(c) } }));
    })
    .put('/:listingId', validate('param', SavedListingParamSchema), async (c) => {
      const { savedListing, created } = await saveListing({
        ctx: { db, storage, events, user: currentUser(c) },
        input: { listingId: c.req.valid('param').listingId },
      });
      return c.json({ savedListing }, created ? 201 : 200);
    })
    .delete('/:listingId', validate('param', SavedListingParamSchema), async (c) => {
      await unsaveListing({
        ctx: { db, events, user: currentUser(c) },
        input: { listingId: c.req.valid('param').listingId },
      });
      return c.body(null, 204);
    });
}
