import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPrivateMediaKey, isValidMediaKey, MEDIA_CACHE_CONTROL } from '../../lib/storage.ts';

/**
 * `/media/*`: uploaded photos, streamed from the storage (local disk, or the S3 bucket when no
 * S3_PUBLIC_URL serves it); never a private key's (404, as for a key that does not exist). Names are server-made and never reused, so a file can be cached for
 * a year; only WebP is ever served, typed by us and never sniffed.
 */
export function createMediaRoutes({ storage }: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = c.req.path.replace(/^\/media\//, '');
    // Private media (note photos) only ever goes through its module's signed-in route.
    const servable = isValidMediaKey(key) && !isPrivateMediaKey(key);
    const object = servable ? await storage.open(key) : null;
    if (!object) throw new AppError('NOT_FOUND');
    const headers: Record<string, string> = {
      'Content-Type': 'image/webp',
      'Cache-Control': MEDIA_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    };
    if (object.size !== undefined) headers['Content-Length'] = String(object.size);
    if (c.req.method === 'HEAD') {
      // Hono answers HEAD with this GET handler and drops the body: release the file or socket.
      await object.body.cancel();
      return c.body(null, 200, headers);
    }
    return c.body(object.body, 200, headers);
  });
}
