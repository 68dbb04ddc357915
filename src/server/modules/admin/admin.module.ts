import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { adminApiOperations } from './admin.openapi.ts';
import { createAdminRoutes } from './admin.routes.ts';

/** `/api/admin`: moderation, for admins (issue 15, decision 034). */
export function adminModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/admin', routes: createAdminRoutes(deps) }],
    openApi: adminApiOperations,
  };
}
