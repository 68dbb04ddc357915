import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { savedListingsApiOperations } from './saved-listings.openapi.ts';
import { createSavedListingsRoutes } from './saved-listings.routes.ts';

export function savedListingsModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/saved-listings', routes: createSavedListingsRoutes(deps) }],
    openApi: savedListingsApiOperations,
  };
}
