import { Hono } from 'hono';
import { LandlordProfileInputSchema } from '../../../shared/schemas/billing.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { readPhotoUpload } from '../../lib/photo-upload.ts';
import { validate } from '../../lib/validate.ts';
import {
  deleteProfilePhoto,
  getLandlordProfile,
  setProfilePhoto,
  updateLandlordProfile,
} from './landlord-profile.service.ts';

/** `/api/landlord/profile`: the landlord's own profile (landlords only). */
export function createLandlordProfileRoutes({ database: { db }, storage }: AppDeps) {
  const ctxOf = (c: { var: AppEnv['Variables'] }) => ({ db, storage, user: currentUser(c) });
  return new Hono<AppEnv>()
    .use(requireRole('landlord'))
    .get('/', async (c) => c.json(await getLandlordProfile({ ctx: ctxOf(c) })))
    .put('/', validate('json', LandlordProfileInputSchema), async (c) =>
      c.json(await updateLandlordProfile({ ctx: ctxOf(c), input: c.req.valid('json') })),
    )
    .delete('/photo', async (c) => c.json(await deleteProfilePhoto({ ctx: ctxOf(c) })))
    .post('/photo', async (c) => {
      const profile = await setProfilePhoto({
        ctx: ctxOf(c),
        input: { data: await readPhotoUpload(c) },
      });
      return c.json(profile, 201);
    });
}
