import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANS, TEST_CARDS } from '../../../shared/billing-plans.ts';
import {
  ChangeSubscriptionResponseSchema,
  InvoiceSchema,
  InvoicesResponseSchema,
  PlansResponseSchema,
  SubscriptionSchema,
} from '../../../shared/schemas/billing.ts';
import { invoices } from '../../db/schema/billing.ts';
import { listings } from '../../db/schema/listings.ts';
import { events } from '../../db/schema/messaging.ts';
import {
  completeFields,
  publishListing,
  readListing,
  testJpeg,
  uploadPhoto,
} from '../../test/listing-fixtures.ts';
import { EventStreamReader, type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { monthPeriodAt } from './billing-math.ts';

const { app, client, db } = await createTestApp({});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

async function subscriptionOf(who: Person) {
  const res = await who.client.get('/api/billing/subscription');
  expect(res.status).toBe(200);
  return SubscriptionSchema.parse(await res.json());
}

async function billingEvents(userId: string) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.type, 'billing.changed')));
}

describe('GET /api/billing/plans', () => {
  it('lists every plan with price and limit, to anyone', async () => {
    const res = await client.fork().get('/api/billing/plans');
    expect(res.status).toBe(200);
    const body = PlansResponseSchema.parse(await res.json());
    expect(body.items.map((p) => [p.id, p.priceCents, p.activeListingLimit])).toEqual(
      PLANS.map((p) => [p.id, p.priceCents, p.activeListingLimit]),
    );
  });
});

describe('GET /api/billing/subscription', () => {
  it('shows a new landlord the free plan over the current New York month, in test mode', async () => {
    const landlord = await person(client, 'landlord');
    const sub = await subscriptionOf(landlord);
    const period = monthPeriodAt(new Date());
    expect(sub).toMatchObject({
      planId: 'free',
      status: 'active',
      currentPeriodStart: period.start.toISOString(),
      currentPeriodEnd: period.end.toISOString(),
      cancelAtPeriodEnd: false,
      pendingPlanId: null,
      graceEndsAt: null,
      activeListings: 0,
      activeListingLimit: 2,
      paymentMethod: null,
      mode: 'test',
    });
  });
});

describe('plan limits, cards and upgrades', () => {
  it('refuses a publish past the limit, upgrades at once with proration, then publishes', async () => {
    const landlord = await person(client, 'landlord');
    await publishListing(app, landlord.client);
    await publishListing(app, landlord.client);
    const blocked = await readListing(
      await landlord.client.post('/api/listings', { title: 'Third walk-up' }),
    );
    await readListing(await landlord.client.patch(`/api/listings/${blocked.id}`, completeFields()));
    expect((await uploadPhoto(app, landlord.client, blocked.id, await testJpeg())).status).toBe(
      201,
    );
    const refused = await landlord.client.patch(`/api/listings/${blocked.id}`, {
      status: 'active',
    });
    expect(refused.status).toBe(409);
    const error = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.error.code).toBe('PLAN_LIMIT');
    expect(error.error.message).toMatch(/Free plan allows 2 active listings/);
    const [still] = await db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, blocked.id));
    expect(still?.status).toBe('draft');
    expect((await subscriptionOf(landlord)).activeListings).toBe(2);

    // No card: the checkout page, and nothing changes.
    const noCard = await landlord.client.post('/api/billing/subscription', { planId: 'starter' });
    expect(noCard.status).toBe(200);
    const pending = ChangeSubscriptionResponseSchema.parse(await noCard.json());
    expect(pending.checkoutUrl).toBe('/landlord/billing/checkout?plan=starter');
    expect(pending.subscription.planId).toBe('free');
    expect(await db.select().from(invoices).where(eq(invoices.landlordId, landlord.id))).toEqual(
      [],
    );

    const saved = await landlord.client.request(
      'PUT',
      '/api/billing/payment-method',
      card(TEST_CARDS.succeeds),
    );
    expect(saved.status).toBe(200);
    expect(SubscriptionSchema.parse(await saved.json()).paymentMethod).toEqual({
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });

    const upgraded = await landlord.client.post('/api/billing/subscription', { planId: 'starter' });
    expect(upgraded.status).toBe(200);
    const result = ChangeSubscriptionResponseSchema.parse(await upgraded.json());
    expect(result.checkoutUrl).toBeNull();
    expect(result.subscription).toMatchObject({ planId: 'starter', activeListingLimit: 10 });

    const list = InvoicesResponseSchema.parse(
      await (await landlord.client.get('/api/billing/invoices')).json(),
    );
    expect(list.items).toHaveLength(1);
    const invoice = InvoiceSchema.parse(
      await (await landlord.client.get(`/api/billing/invoices/${list.items[0]?.id}`)).json(),
    );
    expect(invoice.status).toBe('paid');
    expect(invoice.number).toMatch(/^STOOP-\d{4}-\d{6}$/);
    expect(invoice.totalCents).toBe(invoice.lines.reduce((s, l) => s + l.amountCents, 0));
    expect(invoice.totalCents).toBeGreaterThan(0);
    expect(invoice.totalCents).toBeLessThanOrEqual(2_900);
    expect(invoice.lines.every((l) => l.kind === 'proration')).toBe(true);
    expect(invoice.billedTo).toEqual({ name: landlord.name, email: landlord.email });

    const published = await landlord.client.patch(`/api/listings/${blocked.id}`, {
      status: 'active',
    });
    expect(published.status).toBe(200);
    expect((await subscriptionOf(landlord)).activeListings).toBe(3);
    expect((await billingEvents(landlord.id)).length).toBeGreaterThanOrEqual(2);
  });

  it('publishes at once cannot take the last place twice', async () => {
    const landlord = await person(client, 'landlord');
    await publishListing(app, landlord.client);
    const ready = [];
    for (let i = 0; i < 4; i++) {
      const draft = await readListing(
        await landlord.client.post('/api/listings', { title: `Race ${i} one-bedroom` }),
      );
      await readListing(await landlord.client.patch(`/api/listings/${draft.id}`, completeFields()));
      expect((await uploadPhoto(app, landlord.client, draft.id, await testJpeg())).status).toBe(
        201,
      );
      ready.push(draft.id);
    }
    const answers = await Promise.all(
      ready.map((id) => landlord.client.patch(`/api/listings/${id}`, { status: 'active' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await subscriptionOf(landlord)).activeListings).toBe(2);
  });

  it('refuses cards that are not test cards, expired, or malformed, and keeps nothing', async () => {
    const landlord = await person(client, 'landlord');
    const put = (body: unknown) =>
      landlord.client.request('PUT', '/api/billing/payment-method', body);
    const notTest = await put(card('4111111111111111'));
    expect(notTest.status).toBe(400);
    expect(((await notTest.json()) as { error: { message: string } }).error.message).toMatch(
      /test cards only/,
    );
    expect((await put({ ...card(TEST_CARDS.succeeds), expYear: 2020 })).status).toBe(400);
    expect((await put({ ...card(TEST_CARDS.succeeds), cvc: '12' })).status).toBe(400);
    expect((await put({ ...card(TEST_CARDS.succeeds), expMonth: 13 })).status).toBe(400);
    expect((await subscriptionOf(landlord)).paymentMethod).toBeNull();
  });

  it('a declined card: 402, the plan and invoices unchanged', async () => {
    for (const number of [TEST_CARDS.declined, TEST_CARDS.insufficientFunds]) {
      const landlord = await person(client, 'landlord');
      const put = await landlord.client.request('PUT', '/api/billing/payment-method', card(number));
      expect(put.status).toBe(200);
      const res = await landlord.client.post('/api/billing/subscription', { planId: 'pro' });
      expect(res.status).toBe(402);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('PAYMENT_FAILED');
      expect(body.error.message).toMatch(/declined|insufficient funds/);
      expect((await subscriptionOf(landlord)).planId).toBe('free');
      const list = InvoicesResponseSchema.parse(
        await (await landlord.client.get('/api/billing/invoices')).json(),
      );
      expect(list.items).toEqual([]);
    }
  });

  it('downgrades and cancels at the period end; choosing the current plan undoes either', async () => {
    const landlord = await person(client, 'landlord');
    await landlord.client.request('PUT', '/api/billing/payment-method', card(TEST_CARDS.succeeds));
    await landlord.client.post('/api/billing/subscription', { planId: 'pro' });
    const change = async (planId: string) => {
      const res = await landlord.client.post('/api/billing/subscription', { planId });
      expect(res.status).toBe(200);
      return ChangeSubscriptionResponseSchema.parse(await res.json()).subscription;
    };
    expect(await change('starter')).toMatchObject({
      planId: 'pro',
      pendingPlanId: 'starter',
      cancelAtPeriodEnd: false,
    });
    expect(await change('free')).toMatchObject({
      planId: 'pro',
      pendingPlanId: null,
      cancelAtPeriodEnd: true,
    });
    expect(await change('pro')).toMatchObject({
      planId: 'pro',
      pendingPlanId: null,
      cancelAtPeriodEnd: false,
    });
    // Only the upgrade was billed.
    const list = InvoicesResponseSchema.parse(
      await (await landlord.client.get('/api/billing/invoices')).json(),
    );
    expect(list.items).toHaveLength(1);
  });

  it('an unknown plan or a bad body is a 400 that changes nothing', async () => {
    const landlord = await person(client, 'landlord');
    for (const body of [{ planId: 'gold' }, {}, { planId: 3 }]) {
      const res = await landlord.client.post('/api/billing/subscription', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect((await subscriptionOf(landlord)).planId).toBe('free');
    expect(await billingEvents(landlord.id)).toEqual([]);
  });
});

describe('billing.changed', () => {
  it('reaches the landlord’s open tab with the new subscription at each change', async () => {
    const landlord = await person(client, 'landlord');
    const stream = await EventStreamReader.open(app, landlord.client);
    try {
      await landlord.client.request(
        'PUT',
        '/api/billing/payment-method',
        card(TEST_CARDS.succeeds),
      );
      await landlord.client.post('/api/billing/subscription', { planId: 'pro' });
      await landlord.client.post('/api/billing/subscription', { planId: 'starter' });
      const events = await stream.until(
        (all) => all.filter((e) => e.type === 'billing.changed').length >= 3,
      );
      const subs = events
        .filter((e) => e.type === 'billing.changed')
        .map((e) => SubscriptionSchema.parse((e.data as { subscription: unknown }).subscription));
      expect(subs.map((s) => [s.planId, s.pendingPlanId, s.paymentMethod?.last4])).toEqual([
        ['free', null, '4242'],
        ['pro', null, '4242'],
        ['pro', 'starter', '4242'],
      ]);
    } finally {
      await stream.close();
    }
  });
});

describe('billing authorization matrix', () => {
  it('landlords see only their own; renters 403; visitors 401', async () => {
    const owner = await person(client, 'landlord');
    const other = await person(client, 'landlord');
    const renter = await person(client, 'renter');
    await owner.client.request('PUT', '/api/billing/payment-method', card(TEST_CARDS.succeeds));
    await owner.client.post('/api/billing/subscription', { planId: 'starter' });
    const [mine] = await db.select().from(invoices).where(eq(invoices.landlordId, owner.id));
    expect(mine).toBeDefined();
    const visitor = client.fork();
    const endpoints: { method: string; path: string; body?: unknown; owner: number }[] = [
      { method: 'GET', path: '/api/billing/subscription', owner: 200 },
      {
        method: 'POST',
        path: '/api/billing/subscription',
        body: { planId: 'starter' },
        owner: 200,
      },
      {
        method: 'PUT',
        path: '/api/billing/payment-method',
        body: card(TEST_CARDS.succeeds),
        owner: 200,
      },
      { method: 'GET', path: '/api/billing/invoices', owner: 200 },
      { method: 'GET', path: `/api/billing/invoices/${mine?.id}`, owner: 200 },
    ];
    for (const { method, path, body, owner: ok } of endpoints) {
      expect((await visitor.request(method, path, body)).status, path).toBe(401);
      expect((await renter.client.request(method, path, body)).status, path).toBe(403);
      expect((await owner.client.request(method, path, body)).status, path).toBe(ok);
    }
    const theirs = await other.client.get(`/api/billing/invoices/${mine?.id}`);
    expect(theirs.status).toBe(404);
    expect((await other.client.get(`/api/billing/invoices/${randomUUID()}`)).status).toBe(404);
    expect((await other.client.get('/api/billing/invoices/not-a-uuid')).status).toBe(400);
    const otherList = InvoicesResponseSchema.parse(
      await (await other.client.get('/api/billing/invoices')).json(),
    );
    expect(otherList.items).toEqual([]);
    expect((await visitor.get('/api/billing/plans')).status).toBe(200);
    expect((await renter.client.get('/api/billing/plans')).status).toBe(200);
  });
});

describe('Stripe endpoints in test mode', () => {
  it('refuses a webhook (Stripe is not configured) and the card checkout, changing nothing', async () => {
    const res = await app.request('/api/billing/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/Stripe is not configured/);
    const landlord = await person(client, 'landlord');
    const checkout = await landlord.client.post('/api/billing/payment-method/checkout');
    expect(checkout.status).toBe(400);
    expect((await subscriptionOf(landlord)).paymentMethod).toBeNull();
  });
});
