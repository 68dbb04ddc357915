import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { dashboardsApiOperations } from './dashboards.openapi.ts';
import { createLandlordStatsRoutes, createRenterDashboardRoutes } from './dashboards.routes.ts';

/** The landlord and renter dashboards' figures (issue 14). */
export function dashboardsModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/landlord/stats', routes: createLandlordStatsRoutes(deps) },
      { path: '/renter/dashboard', routes: createRenterDashboardRoutes(deps) },
    ],
    openApi: dashboardsApiOperations,
  };
}
