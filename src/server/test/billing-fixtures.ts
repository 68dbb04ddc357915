import type { PlanId } from '../../shared/billing-plans.ts';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/schema/billing.ts';
import { monthPeriodAt } from '../modules/billing/billing.service.ts';
import type { ApiClient } from './test-app.ts';

/**
 * Puts a landlord on a plan directly, for tests about something else than the plan limit (the
 * free plan allows 2 active listings). `landlord`: their user id, or their signed-in client.
 */
export async function onPlan(db: Db, landlord: ApiClient | string, planId: PlanId = 'portfolio') {
  const landlordId =
    typeof landlord === 'string'
      ? landlord
      : ((await (await landlord.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const period = monthPeriodAt(new Date());
  await db
    .insert(subscriptions)
    .values({
      landlordId,
      planId,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      provider: 'test',
    })
    .onConflictDoUpdate({ target: subscriptions.landlordId, set: { planId } });
}
