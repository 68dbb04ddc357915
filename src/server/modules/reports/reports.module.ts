import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { reportsApiOperations } from './reports.openapi.ts';
import { createReportsRoutes } from './reports.routes.ts';

/** Reports of listings and conversations (issue 15); admins work them through the admin module. */
export function reportsModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/reports', routes: createReportsRoutes(deps) }],
    openApi: reportsApiOperations,
  };
}
