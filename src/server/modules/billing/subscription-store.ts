import { eq, sql } from 'drizzle-orm';
import { FREE_PLAN_ID, type Plan, planById } from '../../../shared/billing-plans.ts';
import type { Subscription } from '../../../shared/schemas/billing.ts';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import type { EventBus } from '../events/events.service.ts';
import { type EventsTransaction, publishEvents } from '../events/events.service.ts';
import { countLandlordActiveListings } from '../listings/listings.service.ts';
import { monthPeriodAt } from './billing-math.ts';
import type { PaymentProvider } from './payment-provider.ts';

/*
 * The subscription row and its view. No row means the free plan and no card: the view then shows
 * the free plan over the current New York month, so every landlord has a subscription to show.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The pool or a transaction. */
export type Executor = Pick<Db, 'select' | 'execute' | 'insert' | 'update'>;

export type BillingDeps = {
  db: Db;
  events: EventBus;
  provider: PaymentProvider;
};

export const FREE_PLAN = planById(FREE_PLAN_ID) as Plan;

export function planOf(row: Pick<SubscriptionRow, 'planId'> | undefined): Plan {
  return (row && planById(row.planId)) ?? FREE_PLAN;
}

export async function readSubscriptionRow(
  db: Executor,
  landlordId: string,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.landlordId, landlordId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The row of a landlord still on the implicit free plan, over the current month. */
export function freeRow(
  landlordId: string,
  provider: PaymentProvider,
  now: Date,
): typeof subscriptions.$inferInsert {
  const period = monthPeriodAt(now);
  return {
    landlordId,
    planId: FREE_PLAN_ID,
    status: 'active',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    provider: provider.id,
  };
}

/** Reads the row, creating the free one first if there is none; locked for the transaction. */
export async function lockSubscriptionRow(
  tx: Executor,
  landlordId: string,
  provider: PaymentProvider,
  now: Date,
): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values(freeRow(landlordId, provider, now))
    .onConflictDoNothing({ target: subscriptions.landlordId });
  const row = await readSubscriptionRow(tx, landlordId, { lock: true });
  if (!row) throw new Error(`subscription of ${landlordId} vanished inside its transaction`);
  return row;
}

export async function updateSubscriptionRow(
  tx: Executor,
  landlordId: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.landlordId, landlordId));
}

export function toSubscription(
  row: SubscriptionRow | undefined,
  input: { activeListings: number; mode: Subscription['mode']; now: Date },
): Subscription {
  const plan = planOf(row);
  const period = row
    ? { start: row.currentPeriodStart, end: row.currentPeriodEnd }
    : monthPeriodAt(input.now);
  return {
    planId: plan.id,
    status: (row?.status ?? 'active') as Subscription['status'],
    currentPeriodStart: period.start.toISOString(),
    currentPeriodEnd: period.end.toISOString(),
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    pendingPlanId: (row?.pendingPlanId ?? null) as Subscription['pendingPlanId'],
    graceEndsAt: row?.graceEndsAt?.toISOString() ?? null,
    activeListings: input.activeListings,
    activeListingLimit: plan.activeListingLimit,
    paymentMethod: row?.paymentMethod ?? null,
    mode: input.mode,
  };
}

/** The landlord's subscription as the API shows it, read through `db` (pool or transaction). */
export async function subscriptionView(
  db: Executor,
  provider: PaymentProvider,
  landlordId: string,
  now = new Date(),
): Promise<Subscription> {
  // One after the other: a transaction is one connection.
  const row = await readSubscriptionRow(db, landlordId);
  const activeListings = await countLandlordActiveListings({ ctx: { db }, input: { landlordId } });
  return toSubscription(row, { activeListings, mode: provider.mode, now });
}

/** `billing.changed` to the landlord's tabs, with the subscription as it is in `tx`. */
export async function announceSubscription(
  tx: EventsTransaction,
  provider: PaymentProvider,
  landlordId: string,
  now = new Date(),
): Promise<Subscription> {
  const subscription = await subscriptionView(tx, provider, landlordId, now);
  await publishEvents(tx, [
    { userId: landlordId, type: 'billing.changed', data: { subscription } },
  ]);
  return subscription;
}
