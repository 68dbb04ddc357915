import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { PAYMENT_GRACE_DAYS, type Plan, planById } from '../../../shared/billing-plans.ts';
import { users } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type EventsTransaction, transactionWithEvents } from '../events/events.service.ts';
import { pauseListingsBeyond } from '../listings/listings.service.ts';
import { listingsPausedMail, paymentFailedMail, type Recipient } from './billing-mail.ts';
import { BILLING_ZONE, monthPeriodAt, periodLabel, prorationLines } from './billing-math.ts';
import { chargeInvoice, createInvoice, openInvoices, voidOpenInvoices } from './invoices.ts';
import type { ChargeResult } from './payment-provider.ts';
import { lockPlanUsage } from './plan-limits.service.ts';
import {
  announceSubscription,
  type BillingDeps,
  type Executor,
  FREE_PLAN,
  lockSubscriptionRow,
  planOf,
  readSubscriptionRow,
  type SubscriptionRow,
  updateSubscriptionRow,
} from './subscription-store.ts';

/*
 * The monthly cycle (run by billing.jobs.ts) and what a failed payment sets off. Each landlord
 * is handled in a transaction of its own, which re-reads the row under lock: a second run, on
 * this instance or another, finds nothing left to do.
 */

export type CycleDeps = BillingDeps & { mailer: Mailer; baseUrl: string };

async function recipient(tx: Executor, landlordId: string): Promise<Recipient> {
  const [row] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, landlordId));
  if (!row) throw new Error(`landlord ${landlordId} not found`);
  return row;
}

function graceEnd(now: Date): Date {
  const end = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(BILLING_ZONE)
    .add({ days: PAYMENT_GRACE_DAYS });
  return new Date(end.epochMilliseconds);
}

/** A failed charge: past due, the grace period starts (a running one keeps its end), a mail. */
export async function markPastDue(
  tx: EventsTransaction,
  deps: CycleDeps,
  row: SubscriptionRow,
  invoice: { number: string; totalCents: number },
  failure: Extract<ChargeResult, { ok: false }>,
  now: Date,
) {
  const graceEndsAt = row.graceEndsAt ?? graceEnd(now);
  await updateSubscriptionRow(tx, row.landlordId, { status: 'past_due', graceEndsAt });
  const mail = paymentFailedMail(await recipient(tx, row.landlordId), {
    invoiceNumber: invoice.number,
    totalCents: invoice.totalCents,
    reason: failure.message,
    graceEndsAt,
    freeLimit: FREE_PLAN.activeListingLimit,
    baseUrl: deps.baseUrl,
    payable: failure.code !== 'payments_off',
  });
  await deps.mailer.send(mail, tx);
}

async function pauseBeyond(
  tx: EventsTransaction,
  deps: CycleDeps,
  landlordId: string,
  plan: Plan,
  cause: 'unpaid' | 'downgrade',
) {
  const paused = await pauseListingsBeyond({
    ctx: { db: tx },
    input: { landlordId, keep: plan.activeListingLimit },
  });
  if (paused.length === 0) return;
  const mail = listingsPausedMail(await recipient(tx, landlordId), {
    cause,
    planName: plan.name,
    limit: plan.activeListingLimit,
    titles: paused.map((listing) => listing.title),
    baseUrl: deps.baseUrl,
  });
  await deps.mailer.send(mail, tx);
}

/**
 * Ends a landlord's period if it is over: a pending downgrade or cancellation takes effect (the
 * listings beyond the new limit go back to draft), the next month starts and its invoice is
 * charged. Returns false when there was nothing to do. With payments off the charge fails like a
 * declined card: nothing is charged and nothing is given for free past the grace period (past
 * due, then Free when it ends, as for any unpaid invoice).
 */
export async function rollPeriod(deps: CycleDeps, landlordId: string, now = new Date()) {
  return transactionWithEvents(deps, async (tx) => {
    await lockPlanUsage({ ctx: { db: tx }, input: { landlordId } });
    const row = await readSubscriptionRow(tx, landlordId, { lock: true });
    if (!row || row.currentPeriodEnd > now) return false;
    const before = planOf(row);
    const pending = row.pendingPlanId ? planById(row.pendingPlanId) : undefined;
    const after = row.cancelAtPeriodEnd ? FREE_PLAN : (pending ?? before);
    // The month holding the old end: a server that was off a while catches up a month a run.
    const period = monthPeriodAt(row.currentPeriodEnd);
    await updateSubscriptionRow(tx, landlordId, {
      planId: after.id,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      pendingPlanId: null,
      cancelAtPeriodEnd: false,
    });
    if (after.activeListingLimit < before.activeListingLimit) {
      await pauseBeyond(tx, deps, landlordId, after, 'downgrade');
    }
    if (after.priceCents > 0) {
      const invoice = await createInvoice(tx, {
        landlordId,
        period,
        lines: [
          {
            kind: 'plan',
            description: `${after.name} plan, ${periodLabel(period)}`,
            amountCents: after.priceCents,
            periodStart: period.start,
            periodEnd: period.end,
          },
        ],
        now,
      });
      const result = await chargeInvoice(tx, deps.provider, row, invoice, now);
      if (!result.ok) await markPastDue(tx, deps, row, invoice, result, now);
    }
    await announceSubscription(tx, deps.provider, landlordId, now);
    return true;
  });
}

/**
 * The grace period ended unpaid: the plan returns to Free (status canceled), the open invoices
 * are voided, and listings beyond the free limit go back to draft, with a mail.
 */
export async function endGrace(deps: CycleDeps, landlordId: string, now = new Date()) {
  return transactionWithEvents(deps, async (tx) => {
    await lockPlanUsage({ ctx: { db: tx }, input: { landlordId } });
    const row = await readSubscriptionRow(tx, landlordId, { lock: true });
    if (row?.status !== 'past_due' || !row.graceEndsAt || row.graceEndsAt > now) return false;
    await voidOpenInvoices(tx, landlordId, now);
    await updateSubscriptionRow(tx, landlordId, {
      planId: FREE_PLAN.id,
      status: 'canceled',
      pendingPlanId: null,
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
    });
    await pauseBeyond(tx, deps, landlordId, FREE_PLAN, 'unpaid');
    await announceSubscription(tx, deps.provider, landlordId, now);
    return true;
  });
}

/**
 * A new card while past due: the open invoices are charged again, oldest first. All paid: the
 * subscription is active again and the grace period is over. Inside the caller's transaction.
 */
export async function settleOpenInvoices(
  tx: Executor,
  deps: BillingDeps,
  row: SubscriptionRow,
  now: Date,
): Promise<boolean> {
  for (const invoice of await openInvoices(tx, row.landlordId)) {
    const result = await chargeInvoice(tx, deps.provider, row, invoice, now);
    if (!result.ok) return false;
  }
  await updateSubscriptionRow(tx, row.landlordId, { status: 'active', graceEndsAt: null });
  return true;
}

/**
 * An upgrade taking effect now: the rest of the period prorated on an invoice, charged to the
 * card on file. On a failed charge the plan is unchanged and the caller rolls the invoice back.
 */
export async function upgradeNow(
  tx: Executor,
  deps: BillingDeps,
  input: { landlordId: string; from: Plan; to: Plan; now: Date },
): Promise<ChargeResult> {
  const { landlordId, now } = input;
  const row = await lockSubscriptionRow(tx, landlordId, deps.provider, now);
  const period = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
  const lines = prorationLines({ from: input.from, to: input.to, period, at: now });
  const invoice = await createInvoice(tx, { landlordId, period, lines, now });
  const charged = await chargeInvoice(tx, deps.provider, row, invoice, now);
  if (!charged.ok) return charged;
  await updateSubscriptionRow(tx, landlordId, {
    planId: input.to.id,
    status: 'active',
    pendingPlanId: null,
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
  });
  return charged;
}

/** The hourly sweep: every period that ended, then every grace period that ran out. */
export async function runBillingCycle(deps: CycleDeps, now = new Date()) {
  let rolled = 0;
  let ended = 0;
  // Rounds, so a landlord months behind is caught up; each round rolls each one a month.
  for (let round = 0; round < 24; round += 1) {
    const due = await deps.db
      .select({ landlordId: subscriptions.landlordId })
      .from(subscriptions)
      .where(lte(subscriptions.currentPeriodEnd, now))
      .limit(1000);
    let progressed = 0;
    for (const { landlordId } of due) if (await rollPeriod(deps, landlordId, now)) progressed += 1;
    rolled += progressed;
    if (progressed === 0 || due.length === 0) break;
  }
  const lapsed = await deps.db
    .select({ landlordId: subscriptions.landlordId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'past_due'),
        isNotNull(subscriptions.graceEndsAt),
        lte(subscriptions.graceEndsAt, sql`${now.toISOString()}::timestamptz`),
      ),
    );
  for (const { landlordId } of lapsed) if (await endGrace(deps, landlordId, now)) ended += 1;
  return { rolled, ended };
}
