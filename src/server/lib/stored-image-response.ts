import type { Context } from 'hono';
import type { MediaObject } from './storage.ts';

/**
 * A stored photo as the answer: WebP typed by us and never sniffed, sandboxed, with the caller's
 * cache rule. HEAD gets the headers alone, and the file or socket behind the body is released
 * (Hono answers HEAD with the GET handler and drops the body).
 */
export async function storedImageResponse(
  c: Context,
  object: MediaObject,
  cacheControl: string,
): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'image/webp',
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (object.size !== undefined) headers['Content-Length'] = String(object.size);
  if (c.req.method === 'HEAD') {
    await object.body.cancel();
    return c.body(null, 200, headers);
  }
  return c.body(object.body, 200, headers);
}
