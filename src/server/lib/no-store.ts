import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';

const NO_STORE = 'no-store';

/**
 * The `/api` router's default (issue 26): every answer is private, never kept by a browser or a
 * shared cache, unless its route declares public caching itself (`publicCache`, or its own
 * `Cache-Control`). An answer that may depend on the cookie is then never cached by mistake: a
 * route has to say it is the same for everyone.
 *
 * Set before the handler runs, so the answer is made with it: a header added to a finished
 * answer makes Hono copy its body into a stream, which @hono/node-server then reads back through
 * a web stream reader (about a tenth of the server's CPU on the conversation list; decision 044
 * found the same on search). Only an answer a handler made as its own `Response` (better-auth's)
 * misses the prepared header; that one gets it afterwards, unless it says otherwise (the live
 * stream's `no-cache`).
 */
export const privateByDefault: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', NO_STORE);
  await next();
  if (c.res.headers.has('Cache-Control')) return;
  try {
    c.res.headers.set('Cache-Control', NO_STORE);
  } catch {
    // Immutable headers (a fetch() passed through): copy the answer first.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Cache-Control', NO_STORE);
  }
};

/**
 * A route whose answer is the same for everyone (the plans, the public settings): browsers and
 * shared caches may keep it for `maxAgeSeconds`. Replaces the `/api` default before the handler
 * (see `privateByDefault`); an error answer stays uncached.
 */
export function publicCache(maxAgeSeconds: number): MiddlewareHandler<AppEnv> {
  const value = `public, max-age=${maxAgeSeconds}`;
  return async (c, next) => {
    c.header('Cache-Control', value);
    await next();
    if (c.res.status >= 400) c.header('Cache-Control', NO_STORE);
  };
}

/**
 * `no-store` for one router. The `/api` router sets it for every answer already
 * (`privateByDefault`); kept for routers that still name it.
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', NO_STORE);
  await next();
};
