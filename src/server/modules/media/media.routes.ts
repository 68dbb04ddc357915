import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { isValidMediaKey } from '../../lib/storage.ts';

/**
 * `/media/*` for local storage. Names are server-made and never reused, so a file can be
 * cached for a year; only WebP is ever served, typed by us and never sniffed.
 */
export function createMediaRoutes({ storage }: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = c.req.path.replace(/^\/media\//, '');
    const body = isValidMediaKey(key) ? await storage.read(key) : null;
    if (!body) throw new AppError('NOT_FOUND');
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
}
