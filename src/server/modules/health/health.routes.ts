import { Hono } from 'hono';
import type { HealthResponse } from '../../../shared/schemas/health.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';

export function createHealthRoutes({ database, jobs }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    // Only the database decides the status code: the web app's start-up gate waits on it.
    if (await database.ping()) {
      return c.json({ status: 'ok', db: 'ok', jobs: jobs.health() } satisfies HealthResponse);
    }
    return c.json(
      { status: 'unavailable', db: 'down', jobs: jobs.health() } satisfies HealthResponse,
      503,
    );
  });
}
