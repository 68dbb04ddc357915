import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENTS_OFF_MESSAGE, TEST_CARDS } from '../../../shared/billing-plans.ts';
import {
  ChangeSubscriptionResponseSchema,
  SubscriptionSchema,
} from '../../../shared/schemas/billing.ts';
import { invoices, subscriptions } from '../../db/schema/billing.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { parseEnv } from '../../env.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { billingDeps, createPaymentProvider } from './billing.service.ts';
import { runBillingCycle } from './billing-cycle.ts';

/*
 * Issue 26 item 2, "no free plans in production": with NODE_ENV=production and no Stripe, test
 * mode is off unless BILLING_TEST_MODE=true. Payments are then off: no card is taken, no paid
 * plan or boost is sold (409), the free plan works, and a paid plan taken earlier is not renewed
 * for nothing.
 */

const off = await createTestApp({ env: { NODE_ENV: 'production' } });
const optedIn = await createTestApp({
  env: { NODE_ENV: 'production', BILLING_TEST_MODE: 'true' },
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

async function subscriptionOf(who: Person) {
  const res = await who.client.get('/api/billing/subscription');
  expect(res.status).toBe(200);
  return SubscriptionSchema.parse(await res.json());
}

async function expectPaymentsOff(res: Response, status: 404 | 409) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error).toEqual({
    code: status === 404 ? 'NOT_FOUND' : 'CONFLICT',
    message: PAYMENTS_OFF_MESSAGE,
  });
}

const invoicesOf = (db: typeof off.db, landlord: Person) =>
  db.select().from(invoices).where(eq(invoices.landlordId, landlord.id));

describe('which provider a server gets', () => {
  const base = { BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
  it('production without Stripe: payments off, unless BILLING_TEST_MODE=true', () => {
    expect(createPaymentProvider(parseEnv({ ...base, NODE_ENV: 'production' })).mode).toBe('off');
    expect(
      createPaymentProvider(
        parseEnv({ ...base, NODE_ENV: 'production', BILLING_TEST_MODE: 'true' }),
      ).mode,
    ).toBe('test');
  });

  it('development and tests: test mode unless BILLING_TEST_MODE=false; Stripe when configured', () => {
    expect(createPaymentProvider(parseEnv({ ...base, NODE_ENV: 'development' })).mode).toBe('test');
    expect(createPaymentProvider(parseEnv({ ...base, NODE_ENV: 'test' })).mode).toBe('test');
    expect(
      createPaymentProvider(
        parseEnv({ ...base, NODE_ENV: 'development', BILLING_TEST_MODE: 'false' }),
      ).mode,
    ).toBe('off');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(
      createPaymentProvider(parseEnv({ ...base, NODE_ENV: 'production', ...stripe })).mode,
    ).toBe('live');
  });
});

describe('production without Stripe or BILLING_TEST_MODE: payments are off', () => {
  it('says so in the subscription (mode off), and the free plan is what a landlord has', async () => {
    const landlord = await person(off.client, 'landlord');
    expect(await subscriptionOf(landlord)).toMatchObject({
      planId: 'free',
      status: 'active',
      paymentMethod: null,
      mode: 'off',
    });
  });

  it('PUT /api/billing/payment-method is not found (404), whatever the body; so is card checkout', async () => {
    const landlord = await person(off.client, 'landlord');
    await expectPaymentsOff(
      await landlord.client.request(
        'PUT',
        '/api/billing/payment-method',
        card(TEST_CARDS.succeeds),
      ),
      404,
    );
    await expectPaymentsOff(
      await landlord.client.request('PUT', '/api/billing/payment-method', { number: 'x' }),
      404,
    );
    await expectPaymentsOff(
      await landlord.client.post('/api/billing/payment-method/checkout', {}),
      404,
    );
    // Still signed-in landlords only: a visitor is told to sign in first.
    const visitor = await off.client
      .fork()
      .request('PUT', '/api/billing/payment-method', card(TEST_CARDS.succeeds));
    expect(visitor.status).toBe(401);
    expect((await subscriptionOf(landlord)).paymentMethod).toBeNull();
  });

  it('refuses every paid plan with 409 "Payments are not set up on this site." and changes nothing', async () => {
    const landlord = await person(off.client, 'landlord');
    for (const planId of ['starter', 'pro', 'portfolio']) {
      await expectPaymentsOff(
        await landlord.client.post('/api/billing/subscription', { planId }),
        409,
      );
    }
    expect(await subscriptionOf(landlord)).toMatchObject({ planId: 'free', pendingPlanId: null });
    expect(await invoicesOf(off.db, landlord)).toEqual([]);
  });

  it('refuses a boost with the same 409, even with a card on file from before', async () => {
    const landlord = await person(off.client, 'landlord');
    const listing = await publishListing(off.app, landlord.client);
    await onPlan(off.db, landlord.id, 'free');
    await off.db
      .update(subscriptions)
      .set({ paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 } })
      .where(eq(subscriptions.landlordId, landlord.id));
    await expectPaymentsOff(
      await landlord.client.post('/api/billing/boosts', { listingId: listing.id, days: 7 }),
      409,
    );
    expect(await invoicesOf(off.db, landlord)).toEqual([]);
  });

  it('keeps the free plan working: choosing it, and publishing within its limit', async () => {
    const landlord = await person(off.client, 'landlord');
    const res = await landlord.client.post('/api/billing/subscription', { planId: 'free' });
    expect(res.status).toBe(200);
    const body = ChangeSubscriptionResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ checkoutUrl: null, subscription: { planId: 'free' } });
    await publishListing(off.app, landlord.client);
    await publishListing(off.app, landlord.client);
    expect(await subscriptionOf(landlord)).toMatchObject({
      activeListings: 2,
      activeListingLimit: 2,
    });
  });

  it('a paid plan taken earlier can move to Free, but not be kept or moved to another paid plan', async () => {
    const landlord = await person(off.client, 'landlord');
    await onPlan(off.db, landlord.id, 'pro');
    await expectPaymentsOff(
      await landlord.client.post('/api/billing/subscription', { planId: 'starter' }),
      409,
    );
    const cancel = await landlord.client.post('/api/billing/subscription', { planId: 'free' });
    expect(cancel.status).toBe(200);
    expect(await subscriptionOf(landlord)).toMatchObject({
      planId: 'pro',
      cancelAtPeriodEnd: true,
    });
    // Undoing the cancellation would renew a plan nobody can pay for.
    await expectPaymentsOff(
      await landlord.client.post('/api/billing/subscription', { planId: 'pro' }),
      409,
    );
    expect((await subscriptionOf(landlord)).cancelAtPeriodEnd).toBe(true);
  });

  it('does not renew a paid plan for nothing: past due, nothing charged, then Free', async () => {
    const landlord = await person(off.client, 'landlord');
    await onPlan(off.db, landlord.id, 'starter');
    await off.db
      .update(subscriptions)
      .set({
        paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 },
        currentPeriodStart: sql`now() - interval '1 month'`,
        currentPeriodEnd: sql`now() - interval '1 minute'`,
      })
      .where(eq(subscriptions.landlordId, landlord.id));
    const billing = billingDeps(off.deps);
    await runBillingCycle(billing);
    expect(await subscriptionOf(landlord)).toMatchObject({
      planId: 'starter',
      status: 'past_due',
      mode: 'off',
    });
    const [open] = await invoicesOf(off.db, landlord);
    expect(open).toMatchObject({ status: 'open', paidAt: null, totalCents: 2_900 });
    const mail = (
      await off.db.select().from(outboxEmails).where(eq(outboxEmails.to, landlord.email))
    ).find((m) => m.subject.startsWith('Payment failed'));
    expect(mail?.text).toContain(PAYMENTS_OFF_MESSAGE);
    expect(mail?.text).not.toContain('Update your card');

    await off.db
      .update(subscriptions)
      .set({ graceEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.landlordId, landlord.id));
    await runBillingCycle(billing);
    expect(await subscriptionOf(landlord)).toMatchObject({ planId: 'free', status: 'canceled' });
    const [voided] = await invoicesOf(off.db, landlord);
    expect(voided?.status).toBe('void');
  });
});

describe('production with BILLING_TEST_MODE=true (and no Stripe): test mode', () => {
  it('takes test cards and sells paid plans and boosts, charging nothing real', async () => {
    const landlord = await person(optedIn.client, 'landlord');
    expect((await subscriptionOf(landlord)).mode).toBe('test');
    const put = await landlord.client.request(
      'PUT',
      '/api/billing/payment-method',
      card(TEST_CARDS.succeeds),
    );
    expect(put.status).toBe(200);
    const upgrade = await landlord.client.post('/api/billing/subscription', { planId: 'pro' });
    expect(upgrade.status).toBe(200);
    expect(ChangeSubscriptionResponseSchema.parse(await upgrade.json())).toMatchObject({
      checkoutUrl: null,
      subscription: { planId: 'pro', mode: 'test' },
    });
    const listing = await publishListing(optedIn.app, landlord.client);
    const boost = await landlord.client.post('/api/billing/boosts', {
      listingId: listing.id,
      days: 3,
    });
    expect(boost.status).toBe(201);
  });
});
