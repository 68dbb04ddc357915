import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/billing.ts';
import { monthPeriodAt, type Period, periodLabel } from './billing-math.ts';
import { chargeInvoice, createInvoice } from './invoices.ts';
import { createTestPaymentProvider } from './payment-provider.ts';
import { planOf, readSubscriptionRow } from './subscription-store.ts';

/**
 * Demo data: the plan's monthly invoices from `monthsBack` months ago to this month, written and
 * charged to the card on file in test mode exactly as the monthly run does (numbers from the
 * sequence, totals from the lines), each issued and paid at its period's start. Nothing when the
 * landlord is on the free plan, has no card, or already has invoices (so a second run adds none).
 * Returns how many invoices it wrote.
 */
export async function seedPaidPlanInvoices(
  db: Db,
  input: { landlordId: string; monthsBack: number; now?: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await readSubscriptionRow(tx, input.landlordId, { lock: true });
    const plan = planOf(row);
    if (!row?.paymentMethod || plan.priceCents <= 0) return 0;
    const [existing] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.landlordId, input.landlordId));
    if ((existing?.n ?? 0) > 0) return 0;
    // The months oldest first, each the New York month before the next (no offset arithmetic).
    const periods: Period[] = [monthPeriodAt(input.now ?? new Date())];
    for (let i = 0; i < input.monthsBack; i += 1) {
      const next = periods[0] as Period;
      periods.unshift(monthPeriodAt(new Date(next.start.getTime() - 1)));
    }
    const provider = createTestPaymentProvider();
    for (const period of periods) {
      const invoice = await createInvoice(tx, {
        landlordId: input.landlordId,
        period,
        lines: [
          {
            kind: 'plan',
            description: `${plan.name} plan, ${periodLabel(period)}`,
            amountCents: plan.priceCents,
            periodStart: period.start,
            periodEnd: period.end,
          },
        ],
        now: period.start,
      });
      const result = await chargeInvoice(tx, provider, row, invoice, period.start);
      if (!result.ok) throw new Error(`demo invoice ${invoice.number}: ${result.message}`);
    }
    return periods.length;
  });
}
