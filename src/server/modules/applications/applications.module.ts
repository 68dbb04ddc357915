import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { applicationsApiOperations } from './applications.openapi.ts';
import {
  createApplicationSettingsRoutes,
  createRenterProfileRoutes,
} from './renter-profile.routes.ts';

/** Rental applications (issue 28): the renter's profile and documents, a listing's criteria. */
export function applicationsModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/renter-profile', routes: createRenterProfileRoutes(deps) },
      {
        path: '/listings/:id/application-settings',
        routes: createApplicationSettingsRoutes(deps),
      },
    ],
    openApi: applicationsApiOperations,
  };
}
