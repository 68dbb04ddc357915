import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { type ConfigCtx, publicConfig } from './config.service.ts';

/** Settings change only with a restart: browsers and caches may keep the answer briefly. */
export const CONFIG_CACHE_CONTROL = 'public, max-age=300';

export function createConfigRoutes(ctx: ConfigCtx) {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', CONFIG_CACHE_CONTROL);
    return c.json(publicConfig({ ctx }));
  });
}
