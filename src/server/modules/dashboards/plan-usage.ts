import { FREE_PLAN_ID, type PlanId, planById } from '../../../shared/billing-plans.ts';
import type { Db } from '../../db/client.ts';

/*
 * The landlord's current plan, read from the subscription row directly. Stands in until the
 * billing module's service answers it (issue 14, helper A): then this file goes and
 * `landlordStats` asks billing.service instead.
 */

/** $1 landlord: the plan in force (no row, or a cancelled subscription: the free plan). */
const SELECT_PLAN = {
  name: 'landlord-current-plan',
  text: `select plan_id from subscriptions where landlord_id = $1 and status <> 'canceled'`,
};

export async function currentPlanOf(db: Db, landlordId: string) {
  const result = await db.$client.query<{ plan_id: string }>({
    ...SELECT_PLAN,
    values: [landlordId],
  });
  const plan = planById(result.rows[0]?.plan_id ?? FREE_PLAN_ID) ?? planById(FREE_PLAN_ID);
  if (!plan) throw new Error('The free plan is missing from PLANS.');
  return { planId: plan.id as PlanId, activeListingLimit: plan.activeListingLimit };
}
