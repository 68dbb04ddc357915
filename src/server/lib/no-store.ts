import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';

/**
 * Private answers: never kept by a shared cache. Set before the handler runs, so the answer is
 * made with it: a header added to a finished answer makes Hono copy its body into a stream,
 * which @hono/node-server then reads back through a web stream reader (about a tenth of the
 * server's CPU on the conversation list; decision 044 found the same on search).
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};
