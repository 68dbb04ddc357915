import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The bus's round trip (EventBus.sync): the platform names no module, so only its shape here. */
type Notices = { sync(): Promise<void> };

/**
 * Routes whose writes must answer only once this instance has heard their own commit's notices
 * (tours: the `tour_slots` ones, so the writer's next slots read is not served from a stale
 * cache). They only ask: `syncAfterWrites` does the round trip, once per write whoever asked.
 */
export const awaitNoticesAfterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('awaitNotices', true);
  await next();
};

/**
 * One `events.sync()` per write, at most (decision 049): when `always()` holds (the session
 * cache serves, so a sign-out or suspension must be heard before the answer) or a route asked
 * with `awaitNoticesAfterWrite` and succeeded. Two middlewares each syncing cost two round trips
 * on the LISTEN connection for the same commit.
 */
export function syncAfterWrites(events: Notices, always: () => boolean): MiddlewareHandler<AppEnv> {
  const write: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (always() || (c.get('awaitNotices') && c.res.ok)) await events.sync();
  };
  // A read has nothing to wait for after it: it goes on without a promise of its own (decision 060).
  return (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : write(c, next));
}
