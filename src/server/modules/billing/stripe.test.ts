import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PLANS, TEST_CARDS } from '../../../shared/billing-plans.ts';
import {
  CardCheckoutResponseSchema,
  ChangeSubscriptionResponseSchema,
  SubscriptionSchema,
} from '../../../shared/schemas/billing.ts';
import { billingEvents, invoices, subscriptions } from '../../db/schema/billing.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { startStripeStub } from '../../test/stripe-stub.ts';
import { createTestApp } from '../../test/test-app.ts';
import { monthPeriodAt } from './billing-math.ts';

/*
 * Stripe mode against a local stub of Stripe's API (no network) and webhooks signed with the
 * test secret, as Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_stoop_test_secret';
const stub = await startStripeStub();
const { app, client, db } = await createTestApp({
  env: {
    STRIPE_SECRET_KEY: 'sk_test_stoop_stub',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stub.port),
    STRIPE_API_PROTOCOL: 'http',
  },
});
const signer = new Stripe('sk_test_signer_only');
const price = (id: string) => PLANS.find((plan) => plan.id === id)?.priceCents ?? 0;

let eventSeq = 0;
function stripeEvent(type: string, object: Record<string, unknown>, created = 1_790_000_000) {
  eventSeq += 1;
  return {
    id: `evt_test_${eventSeq}_${randomUUID().slice(0, 8)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

async function deliver(event: unknown, options: { secret?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
    });
  return app.request('/api/billing/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

function checkoutCompleted(landlordId: string, planId?: string) {
  return stripeEvent('checkout.session.completed', {
    id: `cs_test_${randomUUID().slice(0, 8)}`,
    object: 'checkout.session',
    mode: 'setup',
    status: 'complete',
    customer: 'cus_stub_landlord',
    client_reference_id: landlordId,
    setup_intent: 'seti_stub1',
    metadata: { landlordId, ...(planId ? { planId } : {}) },
  });
}

function intentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  invoiceId: string,
  created: number,
) {
  return stripeEvent(
    type,
    {
      id: `pi_${invoiceId.slice(0, 8)}`,
      object: 'payment_intent',
      status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
      created,
      metadata: { invoiceId },
      last_payment_error:
        type === 'payment_intent.succeeded'
          ? null
          : { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    },
    created,
  );
}

async function subscriptionOf(who: Person) {
  const res = await who.client.get('/api/billing/subscription');
  expect(res.status).toBe(200);
  return SubscriptionSchema.parse(await res.json());
}

async function stateOf(landlordId: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.landlordId, landlordId));
  const bills = await db.select().from(invoices).where(eq(invoices.landlordId, landlordId));
  const handled = await db.select().from(billingEvents);
  return { sub, bills, handled: handled.length };
}

/** A landlord whose card was saved through Checkout (on the free plan). */
async function landlordWithCard() {
  const landlord = await person(client, 'landlord');
  const res = await deliver(checkoutCompleted(landlord.id));
  expect(res.status).toBe(200);
  return landlord;
}

async function openInvoice(landlordId: string) {
  const period = monthPeriodAt(new Date());
  const [row] = await db
    .insert(invoices)
    .values({
      landlordId,
      number: `STOOP-TEST-${randomUUID().slice(0, 8)}`,
      status: 'open',
      periodStart: period.start,
      periodEnd: period.end,
      totalCents: price('starter'),
      issuedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('no invoice');
  return row;
}

describe('Stripe mode: cards go through Checkout', () => {
  it('sends a landlord with no card to Stripe Checkout and changes nothing yet', async () => {
    const landlord = await person(client, 'landlord');
    const sub = await subscriptionOf(landlord);
    expect(sub).toMatchObject({ planId: 'free', mode: 'live', paymentMethod: null });

    const res = await landlord.client.post('/api/billing/subscription', { planId: 'starter' });
    expect(res.status).toBe(200);
    const body = ChangeSubscriptionResponseSchema.parse(await res.json());
    expect(body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(body.subscription.planId).toBe('free');
    const session = stub.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(session?.form).toMatchObject({
      mode: 'setup',
      currency: 'usd',
      client_reference_id: landlord.id,
      'metadata[planId]': 'starter',
      'metadata[landlordId]': landlord.id,
    });
    expect(session?.form.success_url).toBe('http://localhost:3000/landlord/billing?checkout=done');
    expect(session?.authorization).toBe('Bearer sk_test_stoop_stub');
    expect((await stateOf(landlord.id)).bills).toEqual([]);

    const card = await landlord.client.post('/api/billing/payment-method/checkout');
    expect(card.status).toBe(200);
    const { checkoutUrl } = CardCheckoutResponseSchema.parse(await card.json());
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  it("refuses Stoop's own card form with a 400 that says why, and saves nothing", async () => {
    const landlord = await person(client, 'landlord');
    const res = await landlord.client.request('PUT', '/api/billing/payment-method', {
      number: TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/Stripe Checkout/);
    expect((await subscriptionOf(landlord)).paymentMethod).toBeNull();
  });

  it('answers renters 403 and visitors 401 on the card checkout', async () => {
    const renter = await person(client, 'renter');
    expect((await renter.client.post('/api/billing/payment-method/checkout')).status).toBe(403);
    expect((await client.fork().post('/api/billing/payment-method/checkout')).status).toBe(401);
  });
});

describe('POST /api/billing/webhooks/stripe', () => {
  it('refuses a bad or missing signature with a 400 and changes nothing', async () => {
    const landlord = await person(client, 'landlord');
    const before = await stateOf(landlord.id);
    const event = checkoutCompleted(landlord.id, 'starter');
    const forged = await deliver(event, { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toMatch(
      /signature/i,
    );
    expect((await deliver(event, { signature: '' })).status).toBe(400);
    const tampered = await app.request('/api/billing/webhooks/stripe', {
      method: 'POST',
      headers: {
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: WEBHOOK_SECRET,
        }),
      },
      body: JSON.stringify({ ...event, type: 'payment_intent.succeeded' }),
    });
    expect(tampered.status).toBe(400);
    expect(await stateOf(landlord.id)).toEqual(before);
    expect((await subscriptionOf(landlord)).planId).toBe('free');
  });

  it('saves the Checkout card, upgrades with the invoice id as Idempotency-Key, once', async () => {
    const landlord = await person(client, 'landlord');
    const event = checkoutCompleted(landlord.id, 'starter');
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });

    const sub = await subscriptionOf(landlord);
    expect(sub).toMatchObject({
      planId: 'starter',
      status: 'active',
      paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const after = await stateOf(landlord.id);
    expect(after.sub?.providerCustomerId).toBe('cus_stub_landlord');
    expect(after.bills).toHaveLength(1);
    const [bill] = after.bills;
    expect(bill?.status).toBe('paid');
    const charge = stub.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(charge?.idempotencyKey).toBe(bill?.id);
    expect(charge?.form).toMatchObject({
      customer: 'cus_stub_landlord',
      payment_method: 'pm_stub_card',
      off_session: 'true',
      confirm: 'true',
      currency: 'usd',
      amount: String(bill?.totalCents),
      'metadata[invoiceId]': bill?.id,
    });
    const defaults = stub.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/customers/cus_stub_landlord',
    );
    expect(defaults?.form['invoice_settings[default_payment_method]']).toBe('pm_stub_card');

    const charges = stub.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await stateOf(landlord.id)).toEqual(after);
    expect(stub.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(charges);
  });

  it('maps a declined charge to PAYMENT_FAILED and keeps the plan', async () => {
    const landlord = await landlordWithCard();
    stub.declineWith = 'insufficient_funds';
    try {
      const res = await landlord.client.post('/api/billing/subscription', { planId: 'pro' });
      expect(res.status).toBe(402);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('PAYMENT_FAILED');
      expect(body.error.message).toMatch(/insufficient funds/);
    } finally {
      stub.declineWith = null;
    }
    expect((await subscriptionOf(landlord)).planId).toBe('free');
    expect((await stateOf(landlord.id)).bills).toEqual([]);
  });

  it('refuses event types Stoop does not handle, and unknown landlords or invoices', async () => {
    const landlord = await person(client, 'landlord');
    const before = await stateOf(landlord.id);
    const unknownType = await deliver(stripeEvent('customer.created', { id: 'cus_x' }));
    expect(unknownType.status).toBe(400);
    expect(((await unknownType.json()) as { error: { message: string } }).error.message).toMatch(
      /does not handle Stripe events of type customer\.created/,
    );
    expect((await deliver(checkoutCompleted(randomUUID()))).status).toBe(400);
    const renter = await person(client, 'renter');
    expect((await deliver(checkoutCompleted(renter.id))).status).toBe(400);
    expect(
      (await deliver(intentEvent('payment_intent.succeeded', randomUUID(), 1_790_000_000))).status,
    ).toBe(400);
    expect(await stateOf(landlord.id)).toEqual(before);
  });

  it('ends right when a failure arrives after the later success', async () => {
    const landlord = await landlordWithCard();
    const bill = await openInvoice(landlord.id);
    const succeeded = intentEvent('payment_intent.succeeded', bill.id, 1_790_000_200);
    const failed = intentEvent('payment_intent.payment_failed', bill.id, 1_790_000_100);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    const { sub, bills } = await stateOf(landlord.id);
    expect(bills.map((b) => b.status)).toEqual(['paid']);
    expect(sub).toMatchObject({ status: 'active', graceEndsAt: null });
  });

  it('a failure starts past due and grace; the success after it pays and ends them', async () => {
    const landlord = await landlordWithCard();
    const bill = await openInvoice(landlord.id);
    const failed = intentEvent('payment_intent.payment_failed', bill.id, 1_790_000_100);
    expect((await deliver(failed)).status).toBe(200);
    const pastDue = await stateOf(landlord.id);
    expect(pastDue.sub?.status).toBe('past_due');
    expect(pastDue.sub?.graceEndsAt).toBeInstanceOf(Date);
    expect(pastDue.bills.map((b) => b.status)).toEqual(['open']);
    // The same failure again changes nothing (the grace period keeps its end).
    expect(await (await deliver(failed)).json()).toEqual({ received: true, duplicate: true });
    expect((await stateOf(landlord.id)).sub).toEqual(pastDue.sub);

    const succeeded = intentEvent('payment_intent.succeeded', bill.id, 1_790_000_200);
    expect((await deliver(succeeded)).status).toBe(200);
    const { sub, bills } = await stateOf(landlord.id);
    expect(bills.map((b) => b.status)).toEqual(['paid']);
    expect(sub).toMatchObject({ status: 'active', graceEndsAt: null });
  });

  it('keeps the card but not the plan when the upgrade after Checkout is declined', async () => {
    const landlord = await person(client, 'landlord');
    stub.declineWith = 'generic_decline';
    try {
      expect((await deliver(checkoutCompleted(landlord.id, 'pro'))).status).toBe(200);
    } finally {
      stub.declineWith = null;
    }
    const sub = await subscriptionOf(landlord);
    expect(sub).toMatchObject({ planId: 'free', paymentMethod: { last4: '4242' } });
    expect((await stateOf(landlord.id)).bills).toEqual([]);
  });

  it('a card given on Checkout while past due pays the open invoices', async () => {
    const landlord = await landlordWithCard();
    const bill = await openInvoice(landlord.id);
    await deliver(intentEvent('payment_intent.payment_failed', bill.id, 1_790_000_100));
    expect((await stateOf(landlord.id)).sub?.status).toBe('past_due');
    expect((await deliver(checkoutCompleted(landlord.id))).status).toBe(200);
    const { sub, bills } = await stateOf(landlord.id);
    expect(sub).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(bills.map((b) => b.status)).toEqual(['paid']);
    const charge = stub.requests.findLast((r) => r.path === '/v1/payment_intents');
    // A recorded failure came first: the new card's charge is a new one, not a replay.
    expect(charge?.idempotencyKey).toBe(`${bill.id}-retry-1`);
  });

  it('applies two deliveries of one event racing each other once', async () => {
    const landlord = await landlordWithCard();
    const bill = await openInvoice(landlord.id);
    const failed = intentEvent('payment_intent.payment_failed', bill.id, 1_790_000_100);
    const answers = await Promise.all([deliver(failed), deliver(failed)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as {
      duplicate: boolean;
    }[];
    expect(bodies.map((b) => b.duplicate).sort()).toEqual([false, true]);
    const handled = await db.select().from(billingEvents).where(eq(billingEvents.id, failed.id));
    expect(handled).toHaveLength(1);
  });

  it('refuses a body over its limit with a 413', async () => {
    const res = await app.request('/api/billing/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=00' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
  });
});
