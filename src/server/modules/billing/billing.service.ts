import type { z } from 'zod';
import { PLANS, planById } from '../../../shared/billing-plans.ts';
import type {
  Boost,
  ChangeSubscriptionSchema,
  Invoice,
  InvoiceSummary,
  PaymentMethodInput,
  Subscription,
} from '../../../shared/schemas/billing.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { transactionWithEvents } from '../events/events.service.ts';
import { type CycleDeps, settleOpenInvoices, upgradeNow } from './billing-cycle.ts';
import { buyBoost, listBoostsOf } from './boosts.ts';
import { listInvoiceSummaries, readInvoice, voidOpenInvoices } from './invoices.ts';
import {
  createPaymentsOffProvider,
  createTestPaymentProvider,
  type PaymentProvider,
  paymentsOffConflict,
  paymentsOffNotFound,
} from './payment-provider.ts';
import { lockPlanUsage } from './plan-limits.service.ts';
import { createStripePaymentProvider } from './stripe-provider.ts';
import {
  receiveStripeWebhook as handleStripeEvent,
  type WebhookResult,
} from './stripe-webhooks.ts';
import {
  announceSubscription,
  type Executor as BillingExecutor,
  FREE_PLAN,
  lockSubscriptionRow,
  planOf,
  readSubscriptionRow,
  subscriptionView,
  updateSubscriptionRow,
} from './subscription-store.ts';

/*
 * Landlord billing (issue 14): plans, the subscription and its changes, the card, invoices.
 * Upgrades take effect at once, prorated and charged; downgrades and cancellations wait for the
 * period end (billing-cycle.ts). Every change publishes `billing.changed` in its transaction.
 */

export type BillingCtx = UserCtx<CycleDeps>;
/** Billing periods are New York calendar months (seeds and test fixtures use it too). */
export { monthPeriodAt } from './billing-math.ts';
export { seedPaidPlanInvoices } from './billing-seed.ts';
export type { CycleDeps as BillingDeps };

/**
 * The provider for this server: Stripe when STRIPE_SECRET_KEY is set, else test mode when
 * BILLING_TEST_MODE is on (the default outside production), else none: payments are off, only
 * the free plan can be taken.
 */
export function createPaymentProvider(env: Env): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return env.BILLING_TEST_MODE ? createTestPaymentProvider() : createPaymentsOffProvider();
  }
  return createStripePaymentProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    baseUrl: env.BASE_URL,
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
  });
}

/** What billing needs of the app's dependencies (one provider per server). */
export function billingDeps(deps: AppDeps): CycleDeps {
  return {
    db: deps.database.db,
    events: deps.events,
    mailer: deps.mailer,
    provider: createPaymentProvider(deps.env),
    baseUrl: deps.env.BASE_URL,
  };
}

/** Payments off: the card endpoints are not found (404), before their input is even read. */
export function requireCardPayments(ctx: Pick<CycleDeps, 'provider'>): void {
  if (ctx.provider.mode === 'off') throw paymentsOffNotFound();
}

/** `GET /api/billing/plans` (public). */
export function listPlans() {
  return {
    items: PLANS.map(({ id, name, priceCents, activeListingLimit, summary }) => ({
      id,
      name,
      priceCents,
      activeListingLimit,
      summary,
    })),
  };
}

/** `GET /api/billing/subscription`: the free plan over this month when never upgraded. */
export async function getSubscription({ ctx }: { ctx: BillingCtx }): Promise<Subscription> {
  return subscriptionView(ctx.db, ctx.provider, ctx.user.id);
}

/** `PUT /api/billing/payment-method`: keeps the card's brand, last 4 and expiry; past due: pays. */
export async function savePaymentMethod({
  ctx,
  input,
}: {
  ctx: BillingCtx;
  input: PaymentMethodInput;
}): Promise<Subscription> {
  requireCardPayments(ctx);
  const now = new Date();
  const landlordId = ctx.user.id;
  const saved = await ctx.provider.saveCard({ landlordId, card: input, now });
  return transactionWithEvents(ctx, async (tx) => {
    const row = await lockSubscriptionRow(tx, landlordId, ctx.provider, now);
    const changes = {
      paymentMethod: saved.paymentMethod,
      providerCustomerId: saved.customerId ?? row.providerCustomerId,
    };
    await updateSubscriptionRow(tx, landlordId, changes);
    if (row.status === 'past_due') await settleOpenInvoices(tx, ctx, { ...row, ...changes }, now);
    return announceSubscription(tx, ctx.provider, landlordId, now);
  });
}

/**
 * `POST /api/billing/payment-method/checkout`: where to give (or replace) a card when the
 * provider collects cards on its own page (Stripe Checkout); test mode takes them in Stoop's form.
 */
export async function startCardCheckout({
  ctx,
}: {
  ctx: BillingCtx;
}): Promise<{ checkoutUrl: string }> {
  requireCardPayments(ctx);
  const landlordId = ctx.user.id;
  if (ctx.provider.mode === 'test') {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Test mode takes cards in the form on the Billing page; there is no checkout page.',
    });
  }
  const row = await readSubscriptionRow(ctx.db, landlordId);
  const checkoutUrl = await ctx.provider.checkoutUrl({
    landlordId,
    planId: null,
    paymentMethod: null,
    customerId: row?.providerCustomerId ?? null,
  });
  if (!checkoutUrl) throw new Error('the provider gave no checkout URL for a card');
  return { checkoutUrl };
}

type ChangeResult = { subscription: Subscription; checkoutUrl: string | null };

/**
 * `POST /api/billing/subscription` `{ planId }`: a dearer plan now (the proration charged to the
 * card on file; no card: `checkoutUrl` and nothing changed), a cheaper one or Free at the period
 * end, the current one again undoes a waiting downgrade or cancellation.
 */
export async function changeSubscription({
  ctx,
  input,
}: {
  ctx: BillingCtx;
  input: z.infer<typeof ChangeSubscriptionSchema>;
}): Promise<ChangeResult> {
  const now = new Date();
  const landlordId = ctx.user.id;
  const target = planById(input.planId);
  if (!target) throw new AppError('VALIDATION_ERROR', { message: 'Unknown plan.' });
  // Payments off: no paid plan is taken, kept or moved to (it could never be charged); moving
  // to Free (at the period end) still works.
  if (ctx.provider.mode === 'off' && target.priceCents > 0) throw paymentsOffConflict();
  return transactionWithEvents(ctx, async (tx): Promise<ChangeResult> => {
    await lockPlanUsage({ ctx: { db: tx }, input: { landlordId } });
    const existing = await readSubscriptionRow(tx, landlordId, { lock: true });
    const current = planOf(existing);
    const unchanged = async () => ({
      subscription: await subscriptionView(tx, ctx.provider, landlordId, now),
      checkoutUrl: null,
    });

    if (target.priceCents > current.priceCents) {
      if (existing?.status === 'past_due') {
        throw new AppError('CONFLICT', {
          message:
            'Your last payment did not go through. Update your card to pay it, then upgrade.',
        });
      }
      const checkoutUrl = await ctx.provider.checkoutUrl({
        landlordId,
        planId: target.id,
        paymentMethod: existing?.paymentMethod ?? null,
        customerId: existing?.providerCustomerId ?? null,
      });
      if (checkoutUrl) return { ...(await unchanged()), checkoutUrl };
      const charged = await upgradeNow(tx, ctx, { landlordId, from: current, to: target, now });
      if (!charged.ok) {
        // Thrown, so the transaction takes the invoice back too: nothing changed.
        throw new AppError('PAYMENT_FAILED', {
          message: `${charged.message} Your plan is unchanged; try another card.`,
        });
      }
    } else if (target.id === current.id) {
      if (!existing?.pendingPlanId && !existing?.cancelAtPeriodEnd) return unchanged();
      await updateSubscriptionRow(tx, landlordId, {
        pendingPlanId: null,
        cancelAtPeriodEnd: false,
      });
    } else if (target.priceCents === 0) {
      await updateSubscriptionRow(tx, landlordId, { pendingPlanId: null, cancelAtPeriodEnd: true });
    } else {
      await updateSubscriptionRow(tx, landlordId, {
        pendingPlanId: target.id,
        cancelAtPeriodEnd: false,
      });
    }
    const subscription = await announceSubscription(tx, ctx.provider, landlordId, now);
    return { subscription, checkoutUrl: null };
  });
}

/** `POST /api/billing/webhooks/stripe`: unauthenticated, signature-checked (stripe-webhooks.ts). */
export async function receiveStripeWebhook({
  ctx,
  input,
}: {
  ctx: CycleDeps;
  input: { payload: string; signature: string | undefined };
}): Promise<WebhookResult> {
  return handleStripeEvent(ctx, input);
}

/** `GET /api/billing/invoices`: mine, newest first. */
export async function listInvoices({
  ctx,
}: {
  ctx: BillingCtx;
}): Promise<{ items: InvoiceSummary[] }> {
  return { items: await listInvoiceSummaries(ctx.db, ctx.user.id) };
}

/** `GET /api/billing/invoices/{id}`: mine only; anyone else's is not found. */
export async function getInvoice({
  ctx,
  input,
}: {
  ctx: BillingCtx;
  input: { id: string };
}): Promise<Invoice> {
  const invoice = await readInvoice(ctx.db, ctx.user.id, input.id);
  if (!invoice) throw new AppError('NOT_FOUND', { message: 'Invoice not found.' });
  return invoice;
}

/** `POST /api/billing/boosts`: featured placement for one of my published listings, paid now. */
export async function createBoost({
  ctx,
  input,
}: {
  ctx: BillingCtx;
  input: { listingId: string; days: number };
}): Promise<Boost> {
  if (ctx.provider.mode === 'off') throw paymentsOffConflict();
  return buyBoost(ctx, ctx.user.id, input);
}

/** `GET /api/billing/boosts`: mine, newest first. */
export async function listBoosts({ ctx }: { ctx: BillingCtx }): Promise<{ items: Boost[] }> {
  return { items: await listBoostsOf(ctx.db, ctx.user.id) };
}

/**
 * Account deletion (decision 039), inside its transaction: the subscription is cancelled at
 * once (Free, status canceled, no renewal, nothing pending), open invoices are voided and the
 * card on file is forgotten. Paid invoices stay as the business's records. No row: nothing.
 */
export async function cancelBillingOfDeletedAccount(
  tx: BillingExecutor,
  input: { landlordId: string; now: Date },
): Promise<boolean> {
  const existing = await readSubscriptionRow(tx, input.landlordId, { lock: true });
  if (!existing) return false;
  await voidOpenInvoices(tx, input.landlordId, input.now);
  await updateSubscriptionRow(tx, input.landlordId, {
    planId: FREE_PLAN.id,
    status: 'canceled',
    pendingPlanId: null,
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    paymentMethod: null,
    providerCustomerId: null,
  });
  return true;
}
