import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { alertsApiOperations } from './alerts.openapi.ts';
import { createSavedSearchesRoutes, createUnsubscribeRoutes } from './alerts.routes.ts';

/** Saved searches and their alerts, saved-listing alerts, one-click unsubscribe (issue 16). */
export function alertsModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/saved-searches', routes: createSavedSearchesRoutes(deps) },
      { path: '/alerts', routes: createUnsubscribeRoutes(deps) },
    ],
    openApi: alertsApiOperations,
  };
}
