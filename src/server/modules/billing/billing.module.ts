import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { billingApiOperations } from './billing.openapi.ts';
import { createBillingRoutes, createPlansRoutes } from './billing.routes.ts';
import { billingDeps } from './billing.service.ts';

/** Landlord billing (issue 14): plans, subscription, card, invoices. */
export function billingModule(deps: AppDeps): AppModule {
  return {
    api: [
      { path: '/billing/plans', routes: createPlansRoutes() },
      { path: '/billing', routes: createBillingRoutes(billingDeps(deps)) },
    ],
    openApi: billingApiOperations,
  };
}
