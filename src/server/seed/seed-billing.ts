import { and, count, eq, inArray } from 'drizzle-orm';
import { PLANS } from '../../shared/billing-plans.ts';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/schema/billing.ts';
import { listings } from '../db/schema/listings.ts';
import { monthPeriodAt, seedPaidPlanInvoices } from '../modules/billing/billing.service.ts';

/**
 * Every demo landlord on the smallest plan that holds their active listings (the largest when
 * none does), paid by the test card 4242, so `npm start` keeps publishing and the monthly run
 * charges them in test mode instead of pausing their listings. Existing rows are kept.
 */
export async function seedPlans(db: Db, landlordIds: string[]): Promise<void> {
  if (landlordIds.length === 0) return;
  const counts = await db
    .select({ landlordId: listings.landlordId, n: count() })
    .from(listings)
    .where(and(inArray(listings.landlordId, landlordIds), eq(listings.status, 'active')))
    .groupBy(listings.landlordId);
  const period = monthPeriodAt(new Date());
  const largest = PLANS[PLANS.length - 1];
  const rows = landlordIds.map((landlordId) => {
    const active = counts.find((c) => c.landlordId === landlordId)?.n ?? 0;
    const plan = PLANS.find((p) => p.activeListingLimit >= active) ?? largest;
    return {
      landlordId,
      planId: plan?.id ?? 'free',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      provider: 'test',
      paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 },
    };
  });
  await db.insert(subscriptions).values(rows).onConflictDoNothing();
}

/** Months of paid invoices before this one the demo landlord's plan has (plus this month's). */
export const DEMO_INVOICE_MONTHS_BACK = 3;

/**
 * The demo landlord's history: paid plan invoices since the plan started, so /landlord/billing
 * shows what a paying landlord sees. Returns what it created (nothing on a second run).
 */
export async function seedDemoInvoices(db: Db, demoLandlordId: string): Promise<string[]> {
  const n = await seedPaidPlanInvoices(db, {
    landlordId: demoLandlordId,
    monthsBack: DEMO_INVOICE_MONTHS_BACK,
  });
  return n > 0 ? [`${n} invoices`] : [];
}
