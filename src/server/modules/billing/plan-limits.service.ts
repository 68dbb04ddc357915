import { eq, sql } from 'drizzle-orm';
import { FREE_PLAN_ID, type Plan, planById } from '../../../shared/billing-plans.ts';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PlanLimits } from '../listings/listings.service.ts';

/*
 * The plan limit on active listings: billing's answer to the listings module's `PlanLimits`
 * (publishing owns the count of active listings), which app.ts hands to listings. Listings never
 * imports billing; billing builds on listings.
 */

const FREE = planById(FREE_PLAN_ID) as Plan;

/** The pool or a transaction: the listings module calls these inside its own. */
type Ctx = { db: Pick<Db, 'select' | 'execute'> };

/** The plan in force now: the row's (a pending downgrade waits for the period end), else free. */
export async function currentPlan({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { landlordId: string };
}): Promise<Plan> {
  const [row] = await ctx.db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(eq(subscriptions.landlordId, input.landlordId));
  return (row && planById(row.planId)) ?? FREE;
}

/**
 * Serialises publishing and plan changes of one landlord until the transaction ends, so two
 * listings published at once cannot both take the last free place.
 */
export async function lockPlanUsage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { landlordId: string };
}): Promise<void> {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(hashtext('plan-usage'), hashtext(${input.landlordId}))`,
  );
}

/** Refuses, with PLAN_LIMIT, a publish that would put `activeAfter` listings live. */
export async function assertWithinPlan({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { landlordId: string; activeAfter: number };
}): Promise<void> {
  const plan = await currentPlan({ ctx, input });
  if (input.activeAfter <= plan.activeListingLimit) return;
  const limit = plan.activeListingLimit;
  throw new AppError('PLAN_LIMIT', {
    message: `Your ${plan.name} plan allows ${limit} active listing${limit === 1 ? '' : 's'}, and ${limit === 1 ? 'it is' : 'all are'} in use. Upgrade your plan, or unpublish a listing, to publish this one.`,
    details: { planId: plan.id, activeListingLimit: limit },
  });
}

/** What the listings module asks before publishing (app.ts hands it in). */
export const planLimits: PlanLimits = { lockPlanUsage, assertWithinPlan };
