import { Hono } from 'hono';
import type { HealthResponse } from '../../../shared/schemas/health.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';

export function createHealthRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (await database.ping()) return c.json({ status: 'ok', db: 'ok' } satisfies HealthResponse);
    return c.json({ status: 'unavailable', db: 'down' } satisfies HealthResponse, 503);
  });
}
