import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANS, TEST_CARDS } from '../../../shared/billing-plans.ts';
import { InvoiceSchema } from '../../../shared/schemas/billing.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { monthPeriodAt, prorationLines } from './billing-math.ts';
import { createInvoice } from './invoices.ts';

const { client, db } = await createTestApp({});

const landlord = await person(client, 'landlord');

describe('invoices as stored', () => {
  it('an invoice total is the sum of its stored lines, for any upgrade at any moment (property)', async () => {
    const plan = fc.constantFrom(...PLANS);
    await fc.assert(
      fc.asyncProperty(plan, plan, fc.double({ min: 0, max: 1, noNaN: true }), async (a, b, f) => {
        const [from, to] = a.priceCents <= b.priceCents ? [a, b] : [b, a];
        const period = monthPeriodAt(new Date());
        const at = new Date(
          period.start.getTime() + Math.floor(f * (period.end.getTime() - period.start.getTime())),
        );
        const lines = prorationLines({ from, to, period, at });
        const row = await createInvoice(db, {
          landlordId: landlord.id,
          period,
          lines,
          now: at,
        });
        const res = await landlord.client.get(`/api/billing/invoices/${row.id}`);
        const invoice = InvoiceSchema.parse(await res.json());
        expect(invoice.totalCents).toBe(invoice.lines.reduce((s, l) => s + l.amountCents, 0));
        expect(invoice.totalCents).toBeGreaterThanOrEqual(0);
        expect(invoice.lines).toHaveLength(lines.length);
      }),
      { numRuns: 40 },
    );
  });

  it('holds for every invoice the API made: upgrades, and the sums in the database agree', async () => {
    const other = await person(client, 'landlord');
    const card = { number: TEST_CARDS.succeeds, expMonth: 1, expYear: 2040, cvc: '999' };
    await other.client.request('PUT', '/api/billing/payment-method', card);
    for (const planId of ['starter', 'pro', 'portfolio']) {
      expect((await other.client.post('/api/billing/subscription', { planId })).status).toBe(200);
    }
    const mismatched = await db.execute(sql`
      select i.id from invoices i left join invoice_lines l on l.invoice_id = i.id
      group by i.id having i.total_cents <> coalesce(sum(l.amount_cents), 0)`);
    expect(mismatched.rows).toEqual([]);
    const count = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where landlord_id = ${other.id}`,
    );
    expect(count.rows[0]?.n).toBe(3);
  });
});
