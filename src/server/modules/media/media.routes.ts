import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPrivateMediaKey, isValidMediaKey, MEDIA_CACHE_CONTROL } from '../../lib/storage.ts';
import { storedImageResponse } from '../../lib/stored-image-response.ts';

/**
 * `/media/*`: uploaded photos, streamed from the storage (local disk, or the S3 bucket when no
 * S3_PUBLIC_URL serves it); never a private key's (404, as for a key that does not exist).
 * Names are server-made and never reused, so a file can be cached for a year.
 */
export function createMediaRoutes({ storage }: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = c.req.path.replace(/^\/media\//, '');
    // Private media (note photos) only ever goes through its module's signed-in route.
    const servable = isValidMediaKey(key) && !isPrivateMediaKey(key);
    const object = servable ? await storage.open(key) : null;
    if (!object) throw new AppError('NOT_FOUND');
    return storedImageResponse(c, object, MEDIA_CACHE_CONTROL);
  });
}
