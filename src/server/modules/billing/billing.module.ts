import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { billingApiOperations } from './billing.openapi.ts';
import {
  createBillingRoutes,
  createPlansRoutes,
  createStripeWebhookRoutes,
  stripeWebhookBodyLimit,
} from './billing.routes.ts';
import { billingDeps } from './billing.service.ts';

/** Landlord billing (issue 14): plans, subscription, card, invoices, Stripe's webhooks. */
export function billingModule(deps: AppDeps): AppModule {
  const billing = billingDeps(deps);
  return {
    api: [
      { path: '/billing/plans', routes: createPlansRoutes() },
      {
        path: '/billing/webhooks/stripe',
        routes: createStripeWebhookRoutes(billing),
        // Its own limit (before /billing's JSON one), and no session: Stripe signs instead.
        bodyLimit: { limit: stripeWebhookBodyLimit },
        beforeSession: true,
      },
      { path: '/billing', routes: createBillingRoutes(billing) },
    ],
    openApi: billingApiOperations,
  };
}
