import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { planById } from '../../../shared/billing-plans.ts';
import { users } from '../../db/schema/auth.ts';
import { billingEvents } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { type EventsTransaction, transactionWithEvents } from '../events/events.service.ts';
import { type CycleDeps, markPastDue, settleOpenInvoices, upgradeNow } from './billing-cycle.ts';
import { lockInvoice, markInvoicePaid, openInvoices, recordFailedAttempt } from './invoices.ts';
import type { ChargeFailure } from './payment-provider.ts';
import { lockPlanUsage } from './plan-limits.service.ts';
import { isStripeProvider, type StripePaymentProvider } from './stripe-provider.ts';
import {
  announceSubscription,
  lockSubscriptionRow,
  planOf,
  updateSubscriptionRow,
} from './subscription-store.ts';

/*
 * `POST /api/billing/webhooks/stripe`. The signature is checked against STRIPE_WEBHOOK_SECRET
 * first; then each event's id goes into billing_events in the transaction of its effect, so a
 * second delivery changes nothing. Stripe does not keep delivery order: an invoice once paid stays
 * paid, whatever failure arrives after. Events Stoop does not handle, or that name a landlord or
 * invoice it does not know, are refused with a 400 and change nothing.
 */

export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
] as const;

export type WebhookResult = { received: true; duplicate: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message });
}

/** The event, if Stripe signed it; a 400 that says why otherwise. */
function verified(provider: StripePaymentProvider, payload: string, signature: string | undefined) {
  if (!signature) throw refuse('Missing Stripe-Signature header.');
  try {
    return provider.constructEvent(payload, signature);
  } catch {
    throw refuse('The Stripe signature does not match this payload and webhook secret.');
  }
}

/** False when this event was handled before (its effect is already in). */
async function firstDelivery(tx: EventsTransaction, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values({ id: event.id, provider: 'stripe', type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

async function isLandlord(deps: CycleDeps, id: string | null | undefined): Promise<boolean> {
  if (!id || !UUID.test(id)) return false;
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, 'landlord')));
  return row !== undefined;
}

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A card saved on Checkout: kept; past due: the open invoices are paid; with a plan: upgraded. */
async function checkoutCompleted(
  deps: CycleDeps,
  provider: StripePaymentProvider,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<WebhookResult> {
  const landlordId = session.client_reference_id ?? session.metadata?.landlordId;
  const setupIntentId = idOf(session.setup_intent);
  const customerId = idOf(session.customer);
  if (session.mode !== 'setup' || !setupIntentId || !customerId) {
    throw refuse('Stoop only starts Checkout sessions in setup mode, with a customer.');
  }
  if (!(await isLandlord(deps, landlordId)) || !landlordId) {
    throw refuse('This Checkout session names no landlord Stoop knows.');
  }
  // Asked before the transaction: Stripe's answer is the same on a redelivery.
  const saved = await provider.cardOfSetup(setupIntentId, customerId);
  const now = new Date();
  return transactionWithEvents(deps, async (tx) => {
    if (!(await firstDelivery(tx, event))) return { received: true, duplicate: true };
    await lockPlanUsage({ ctx: { db: tx }, input: { landlordId } });
    const row = await lockSubscriptionRow(tx, landlordId, provider, now);
    const changes = {
      paymentMethod: saved.paymentMethod,
      providerCustomerId: customerId,
      provider: provider.id,
    };
    await updateSubscriptionRow(tx, landlordId, changes);
    const withCard = { ...row, ...changes };
    const target = planById(session.metadata?.planId ?? '');
    if (row.status === 'past_due') await settleOpenInvoices(tx, deps, withCard, now);
    else if (target && target.priceCents > planOf(row).priceCents) {
      // A declined upgrade keeps the card and the plan: only the upgrade's invoice goes back.
      await tx
        .transaction(async (savepoint) => {
          const charged = await upgradeNow(savepoint, deps, {
            landlordId,
            from: planOf(row),
            to: target,
            now,
          });
          if (!charged.ok) throw new UpgradeDeclined();
        })
        .catch((error: unknown) => {
          if (!(error instanceof UpgradeDeclined)) throw error;
        });
    }
    await announceSubscription(tx, provider, landlordId, now);
    return { received: true, duplicate: false };
  });
}

class UpgradeDeclined extends Error {}

function failureOf(intent: Stripe.PaymentIntent): { code: ChargeFailure; message: string } {
  const error = intent.last_payment_error;
  if (error?.decline_code === 'insufficient_funds' || error?.code === 'insufficient_funds') {
    return { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  }
  return { code: 'card_declined', message: error?.message ?? 'Your card was declined.' };
}

/**
 * A charge's outcome, told again by Stripe (Stoop charges synchronously, so usually it is known):
 * a success pays the invoice if it is not yet paid, and ends past due once nothing is left open; a
 * failure of an invoice still open starts past due and grace as a failed charge does here.
 */
async function paymentIntentOutcome(
  deps: CycleDeps,
  provider: StripePaymentProvider,
  event: Stripe.Event,
  intent: Stripe.PaymentIntent,
): Promise<WebhookResult> {
  const invoiceId = intent.metadata?.invoiceId;
  if (!invoiceId || !UUID.test(invoiceId)) {
    throw refuse('This PaymentIntent names no Stoop invoice.');
  }
  const now = new Date();
  return transactionWithEvents(deps, async (tx) => {
    const known = await lockInvoice(tx, invoiceId);
    if (!known) throw refuse('This PaymentIntent names an invoice Stoop does not know.');
    if (!(await firstDelivery(tx, event))) return { received: true, duplicate: true };
    const landlordId = known.landlordId;
    await lockPlanUsage({ ctx: { db: tx }, input: { landlordId } });
    const row = await lockSubscriptionRow(tx, landlordId, provider, now);
    if (event.type === 'payment_intent.succeeded') {
      // Paid stays paid; a void invoice (grace over) is paid too: the money did arrive.
      if (known.status !== 'paid') await markInvoicePaid(tx, known.id, intent.id, now);
      if (row.status === 'past_due' && (await openInvoices(tx, landlordId)).length === 0) {
        await updateSubscriptionRow(tx, landlordId, { status: 'active', graceEndsAt: null });
      }
    } else if (known.status === 'open') {
      // Only an invoice still open can fail: a success that came first wins. Counted, so the
      // next charge (a new card) is a new PaymentIntent, not a replay of this one's key.
      await recordFailedAttempt(tx, known.id, now);
      if (row.status !== 'past_due') {
        await markPastDue(tx, deps, row, known, { ok: false, ...failureOf(intent) }, now);
      }
    }
    await announceSubscription(tx, provider, landlordId, now);
    return { received: true, duplicate: false };
  });
}

/** Verifies, then handles one Stripe event (see the comment at the top). */
export async function receiveStripeWebhook(
  deps: CycleDeps,
  input: { payload: string; signature: string | undefined },
): Promise<WebhookResult> {
  const provider = deps.provider;
  if (!isStripeProvider(provider)) {
    throw refuse(
      `Stripe is not configured on this server (${provider.mode === 'off' ? 'payments are off' : 'test mode'}): STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set.`,
    );
  }
  const event = verified(provider, input.payload, input.signature);
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(deps, provider, event, event.data.object);
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return paymentIntentOutcome(deps, provider, event, event.data.object);
    default:
      throw refuse(
        `Stoop does not handle Stripe events of type ${event.type}; subscribe the endpoint to ${HANDLED_STRIPE_EVENTS.join(', ')} only.`,
      );
  }
}
