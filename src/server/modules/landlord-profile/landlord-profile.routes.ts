import { Hono } from 'hono';
import { MAX_PHOTO_BYTES } from '../../../shared/listings.ts';
import { LandlordProfileInputSchema } from '../../../shared/schemas/billing.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitBody } from '../../lib/http.ts';
import { PHOTO_MESSAGES } from '../../lib/images.ts';
import { validate } from '../../lib/validate.ts';
import {
  deleteProfilePhoto,
  getLandlordProfile,
  setProfilePhoto,
  updateLandlordProfile,
} from './landlord-profile.service.ts';

/** Multipart framing on top of the photo itself (as for listing photos). */
const MULTIPART_OVERHEAD = 64 * 1024;
const PHOTO_FIELD_MESSAGE = 'Send the photo as multipart/form-data in a field named "photo".';

function photoError(message: string): never {
  throw new AppError('VALIDATION_ERROR', { message, details: [{ path: 'photo', message }] });
}

function photoTooLarge(): AppError {
  const message = PHOTO_MESSAGES.tooLarge;
  return new AppError('PAYLOAD_TOO_LARGE', { message, details: [{ path: 'photo', message }] });
}

/** The photo upload's body limit (the module declares it for POST on its path). */
export const profilePhotoBodyLimit = limitBody(MAX_PHOTO_BYTES + MULTIPART_OVERHEAD, photoTooLarge);

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
      if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
        photoError(PHOTO_FIELD_MESSAGE);
      }
      const form = await c.req.parseBody().catch(() => photoError(PHOTO_MESSAGES.unreadable));
      const file = form.photo ?? form.file;
      if (!(file instanceof File)) photoError(PHOTO_FIELD_MESSAGE);
      if (file.size > MAX_PHOTO_BYTES) throw photoTooLarge();
      const profile = await setProfilePhoto({
        ctx: ctxOf(c),
        input: { data: Buffer.from(await file.arrayBuffer()) },
      });
      return c.json(profile, 201);
    });
}
