import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { publicCache } from '../../lib/no-store.ts';
import { type ConfigCtx, publicConfig } from './config.service.ts';

/** Settings change only with a restart: browsers and caches may keep the answer briefly. */
export const CONFIG_MAX_AGE_SECONDS = 300;

export function createConfigRoutes(ctx: ConfigCtx) {
  return new Hono<AppEnv>().get('/', publicCache(CONFIG_MAX_AGE_SECONDS), (c) =>
    c.json(publicConfig({ ctx })),
  );
}
