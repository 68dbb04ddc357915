import { HealthResponseSchema } from '../../../shared/schemas/health.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createHealthRoutes } from './health.routes.ts';

export function healthModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/health', routes: createHealthRoutes(deps), beforeSession: true }],
    openApi: [
      {
        method: 'get',
        path: '/api/health',
        summary: 'Service and database health: 503 with the same body while the database is down',
        tags: ['platform'],
        success: [200, 503],
        response: HealthResponseSchema,
      },
    ],
  };
}
