import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../shared/billing-plans.ts';
import { SubscriptionSchema } from '../../../shared/schemas/billing.ts';
import { invoiceLines, invoices, subscriptions } from '../../db/schema/billing.ts';
import { listings } from '../../db/schema/listings.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { events } from '../../db/schema/messaging.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { billingDeps } from './billing.service.ts';
import { runBillingCycle } from './billing-cycle.ts';

const { app, client, db, deps } = await createTestApp({});
const billing = billingDeps(deps);

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

async function landlordOn(planId: 'starter' | 'pro', cardNumber: string = TEST_CARDS.succeeds) {
  const landlord = await person(client, 'landlord');
  await onPlan(db, landlord.id, planId);
  const put = await landlord.client.request('PUT', '/api/billing/payment-method', card(cardNumber));
  expect(put.status).toBe(200);
  return landlord;
}

/** The landlord's period ended a minute ago (it began a month before). */
async function endPeriod(landlord: Person) {
  await db
    .update(subscriptions)
    .set({
      currentPeriodStart: sql`now() - interval '1 month'`,
      currentPeriodEnd: sql`now() - interval '1 minute'`,
    })
    .where(eq(subscriptions.landlordId, landlord.id));
}

async function subscriptionOf(landlord: Person) {
  return SubscriptionSchema.parse(
    await (await landlord.client.get('/api/billing/subscription')).json(),
  );
}

const invoicesOf = (landlord: Person) =>
  db.select().from(invoices).where(eq(invoices.landlordId, landlord.id));

const mailsTo = async (landlord: Person) =>
  (await db.select().from(outboxEmails).where(eq(outboxEmails.to, landlord.email))).map(
    (m) => m.subject,
  );

const statuses = async (landlord: Person) =>
  (
    await db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.landlordId, landlord.id))
  )
    .map((l) => l.status)
    .sort();

describe('the billing cycle', () => {
  it('rolls an ended period, invoices the plan and charges the card; a second run does nothing', async () => {
    const landlord = await landlordOn('starter');
    await endPeriod(landlord);
    const before = await db.$count(events, eq(events.userId, landlord.id));
    const first = await runBillingCycle(billing);
    expect(first.rolled).toBeGreaterThanOrEqual(1);
    const sub = await subscriptionOf(landlord);
    expect(sub.planId).toBe('starter');
    expect(sub.status).toBe('active');
    expect(new Date(sub.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    const [invoice, ...more] = await invoicesOf(landlord);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 2_900 });
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice?.id ?? ''));
    expect(lines.map((l) => [l.kind, l.amountCents])).toEqual([['plan', 2_900]]);
    expect(await db.$count(events, eq(events.userId, landlord.id))).toBe(before + 1);

    await runBillingCycle(billing);
    expect(await invoicesOf(landlord)).toHaveLength(1);
  });

  it('applies a downgrade at the period end and sends listings beyond the new limit to draft', async () => {
    const landlord = await landlordOn('starter');
    for (let i = 0; i < 3; i++) await publishListing(app, landlord.client);
    const res = await landlord.client.post('/api/billing/subscription', { planId: 'free' });
    expect(res.status).toBe(200);
    expect(await statuses(landlord)).toEqual(['active', 'active', 'active']);
    await endPeriod(landlord);
    await runBillingCycle(billing);
    const sub = await subscriptionOf(landlord);
    expect(sub).toMatchObject({ planId: 'free', cancelAtPeriodEnd: false, activeListings: 2 });
    expect(await statuses(landlord)).toEqual(['active', 'active', 'draft']);
    expect(await invoicesOf(landlord)).toEqual([]);
    expect(await mailsTo(landlord)).toContain('1 listing moved back to draft');
  });

  it('a failed charge: past due with a grace period and a mail; a new card pays it', async () => {
    const landlord = await landlordOn('pro', TEST_CARDS.declined);
    await endPeriod(landlord);
    // The cycle's clock is the test's: the grace is measured from it, not from whenever the
    // answer came (issue 48). Seven days in New York, so 23 or 25 hours for one of them at DST.
    const ranAt = new Date();
    await runBillingCycle(billing, ranAt);
    const sub = await subscriptionOf(landlord);
    expect(sub.status).toBe('past_due');
    expect(sub.planId).toBe('pro');
    const graceDays = (new Date(sub.graceEndsAt ?? 0).getTime() - ranAt.getTime()) / 86_400_000;
    expect(graceDays).toBeGreaterThanOrEqual(7 - 1 / 24);
    expect(graceDays).toBeLessThanOrEqual(7 + 1 / 24);
    const [open] = await invoicesOf(landlord);
    expect(open).toMatchObject({ status: 'open', attempts: 1, totalCents: 7_900 });
    expect((await mailsTo(landlord)).some((s) => s.startsWith('Payment failed'))).toBe(true);
    // Upgrading while past due is refused until the invoice is paid.
    const upgrade = await landlord.client.post('/api/billing/subscription', {
      planId: 'portfolio',
    });
    expect(upgrade.status).toBe(409);

    const put = await landlord.client.request(
      'PUT',
      '/api/billing/payment-method',
      card(TEST_CARDS.succeeds),
    );
    expect(SubscriptionSchema.parse(await put.json())).toMatchObject({
      status: 'active',
      graceEndsAt: null,
    });
    const [paid] = await invoicesOf(landlord);
    expect(paid?.status).toBe('paid');
  });

  it('a grace period that ends unpaid: free plan, invoice void, listings beyond 2 to draft', async () => {
    const landlord = await landlordOn('starter', TEST_CARDS.insufficientFunds);
    for (let i = 0; i < 4; i++) await publishListing(app, landlord.client);
    await endPeriod(landlord);
    await runBillingCycle(billing);
    expect((await subscriptionOf(landlord)).status).toBe('past_due');
    // Still within the grace period: nothing happens.
    await runBillingCycle(billing);
    expect(await statuses(landlord)).toEqual(['active', 'active', 'active', 'active']);

    await db
      .update(subscriptions)
      .set({ graceEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.landlordId, landlord.id));
    const run = await runBillingCycle(billing);
    expect(run.ended).toBeGreaterThanOrEqual(1);
    expect(await subscriptionOf(landlord)).toMatchObject({
      planId: 'free',
      status: 'canceled',
      graceEndsAt: null,
      activeListings: 2,
    });
    expect(await statuses(landlord)).toEqual(['active', 'active', 'draft', 'draft']);
    const [voided] = await invoicesOf(landlord);
    expect(voided?.status).toBe('void');
    expect(await mailsTo(landlord)).toContain('2 listings moved back to draft');
    const paused = await db
      .select()
      .from(listings)
      .where(and(eq(listings.landlordId, landlord.id), eq(listings.status, 'draft')));
    // The newest published stay live; the oldest go back to draft.
    const live = await db
      .select()
      .from(listings)
      .where(and(eq(listings.landlordId, landlord.id), eq(listings.status, 'active')));
    for (const p of paused) {
      for (const l of live) {
        expect((l.publishedAt?.getTime() ?? 0) >= (p.publishedAt?.getTime() ?? 0)).toBe(true);
      }
    }
  });
});
