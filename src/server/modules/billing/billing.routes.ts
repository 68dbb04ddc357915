import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  BoostInputSchema,
  ChangeSubscriptionSchema,
  PaymentMethodInputSchema,
} from '../../../shared/schemas/billing.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitBody } from '../../lib/http.ts';
import { noStore } from '../../lib/no-store.ts';
import { validate } from '../../lib/validate.ts';
import {
  type BillingCtx,
  type BillingDeps,
  changeSubscription,
  createBoost,
  getInvoice,
  getSubscription,
  listBoosts,
  listInvoices,
  listPlans,
  receiveStripeWebhook,
  requireCardPayments,
  savePaymentMethod,
  startCardCheckout,
} from './billing.service.ts';

const invoiceParam = validate('param', z.object({ id: z.uuid() }), { id: 'NOT_FOUND' });

/** `/api/billing/plans`: public, the same for everyone. */
export function createPlansRoutes() {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(listPlans());
  });
}

/** Stripe's events are small; a megabyte is far beyond any, and read raw (the signature). */
export const stripeWebhookBodyLimit = limitBody(
  1024 * 1024,
  () =>
    new AppError('PAYLOAD_TOO_LARGE', { message: 'The webhook body is too large (at most 1 MB).' }),
);

/**
 * `/api/billing/webhooks/stripe`: no session (Stripe signs instead); the body is read as the exact
 * bytes Stripe signed, never parsed before the signature is checked.
 */
export function createStripeWebhookRoutes(deps: BillingDeps) {
  return new Hono<AppEnv>().post('/', noStore, async (c) => {
    const payload = await c.req.text();
    const result = await receiveStripeWebhook({
      ctx: deps,
      input: { payload, signature: c.req.header('stripe-signature') },
    });
    return c.json(result);
  });
}

/** `/api/billing/*` but plans: the signed-in landlord's own billing. */
export function createBillingRoutes(deps: BillingDeps) {
  const ctxOf = (c: Context<AppEnv>): BillingCtx => ({ ...deps, user: currentUser(c) });
  // Payments off: the card endpoints are not found, whatever the body (so before validation).
  const cardPayments: MiddlewareHandler<AppEnv> = async (_c, next) => {
    requireCardPayments(deps);
    await next();
  };
  return new Hono<AppEnv>()
    .use(requireRole('landlord'), noStore)
    .get('/subscription', async (c) => c.json(await getSubscription({ ctx: ctxOf(c) })))
    .post('/subscription', validate('json', ChangeSubscriptionSchema), async (c) =>
      c.json(await changeSubscription({ ctx: ctxOf(c), input: c.req.valid('json') })),
    )
    .put('/payment-method', cardPayments, validate('json', PaymentMethodInputSchema), async (c) =>
      c.json(await savePaymentMethod({ ctx: ctxOf(c), input: c.req.valid('json') })),
    )
    .post('/payment-method/checkout', cardPayments, async (c) =>
      c.json(await startCardCheckout({ ctx: ctxOf(c) })),
    )
    .post('/boosts', validate('json', BoostInputSchema), async (c) =>
      c.json(await createBoost({ ctx: ctxOf(c), input: c.req.valid('json') }), 201),
    )
    .get('/boosts', async (c) => c.json(await listBoosts({ ctx: ctxOf(c) })))
    .get('/invoices', async (c) => c.json(await listInvoices({ ctx: ctxOf(c) })))
    .get('/invoices/:id', invoiceParam, async (c) =>
      c.json(await getInvoice({ ctx: ctxOf(c), input: c.req.valid('param') })),
    );
}
