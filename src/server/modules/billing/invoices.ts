import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Invoice, InvoiceSummary } from '../../../shared/schemas/billing.ts';
import { users } from '../../db/schema/auth.ts';
import { invoiceLines, invoiceNumbers, invoices } from '../../db/schema/billing.ts';
import { BILLING_ZONE, type DraftLine, invoiceTotal, type Period } from './billing-math.ts';
import type { ChargeResult, PaymentProvider } from './payment-provider.ts';
import type { Executor, SubscriptionRow } from './subscription-store.ts';

/*
 * Invoices: written with their lines in one statement pair inside the caller's transaction, the
 * total always the sum of the lines. Open until charged; paid, or left open (past due) on a
 * failed charge; void when given up.
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** `STOOP-2026-000123`: the New York year it is issued in, and a never-reused sequence number. */
async function nextNumber(tx: Executor, at: Date): Promise<string> {
  const result = await tx.execute<{ n: string }>(
    sql`select nextval(${invoiceNumbers.seqName}) as n`,
  );
  const n = String(result.rows[0]?.n ?? '0').padStart(6, '0');
  const year = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(
    BILLING_ZONE,
  ).year;
  return `STOOP-${year}-${n}`;
}

export async function createInvoice(
  tx: Executor,
  input: { landlordId: string; period: Period; lines: DraftLine[]; now: Date },
): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({
      landlordId: input.landlordId,
      number: await nextNumber(tx, input.now),
      status: 'open',
      periodStart: input.period.start,
      periodEnd: input.period.end,
      totalCents: invoiceTotal(input.lines),
      issuedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('invoice insert returned nothing');
  if (input.lines.length) {
    await tx.insert(invoiceLines).values(
      input.lines.map((line) => ({
        invoiceId: row.id,
        kind: line.kind,
        description: line.description,
        amountCents: line.amountCents,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
        boostId: line.boostId ?? null,
      })),
    );
  }
  return row;
}

/**
 * Charges an open invoice to the card on file: paid, or still open with one more failed attempt.
 * A total of zero or less is paid without a charge (a credit is never paid out). Called inside
 * the caller's transaction: the test provider answers at once, and a remote provider is asked
 * with the invoice id as idempotency key, so a rolled-back attempt retried is charged once.
 */
export async function chargeInvoice(
  tx: Executor,
  provider: PaymentProvider,
  subscription: Pick<SubscriptionRow, 'paymentMethod' | 'providerCustomerId'>,
  invoice: Pick<InvoiceRow, 'id' | 'landlordId' | 'number' | 'totalCents' | 'attempts'>,
  now: Date,
): Promise<ChargeResult> {
  const result: ChargeResult =
    invoice.totalCents <= 0
      ? { ok: true, paymentId: 'none' }
      : await provider.charge({
          landlordId: invoice.landlordId,
          invoiceId: invoice.id,
          attempt: invoice.attempts,
          amountCents: invoice.totalCents,
          description: `Stoop invoice ${invoice.number}`,
          paymentMethod: subscription.paymentMethod ?? null,
          customerId: subscription.providerCustomerId,
        });
  if (result.ok) await markInvoicePaid(tx, invoice.id, result.paymentId, now);
  else await recordFailedAttempt(tx, invoice.id, now);
  return result;
}

/** One more failed attempt: the next charge of this invoice is a new one (its own key). */
export async function recordFailedAttempt(tx: Executor, id: string, now: Date) {
  await tx
    .update(invoices)
    .set({ attempts: sql`${invoices.attempts} + 1`, updatedAt: now })
    .where(eq(invoices.id, id));
}

/** Paid by `paymentId` (a charge here, or the provider's word in a webhook). */
export async function markInvoicePaid(tx: Executor, id: string, paymentId: string, now: Date) {
  await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: now, providerInvoiceId: paymentId, updatedAt: now })
    .where(eq(invoices.id, id));
}

/** One invoice by id, locked for the transaction (a webhook's), whoever's it is. */
export async function lockInvoice(tx: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

/** The landlord's invoices still waiting for a payment, oldest first. */
export async function openInvoices(tx: Executor, landlordId: string): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.landlordId, landlordId), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.createdAt));
}

export async function voidOpenInvoices(tx: Executor, landlordId: string, now: Date) {
  await tx
    .update(invoices)
    .set({ status: 'void', updatedAt: now })
    .where(and(eq(invoices.landlordId, landlordId), eq(invoices.status, 'open')));
}

function toSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status as InvoiceSummary['status'],
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    totalCents: row.totalCents,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Newest first (a landlord has about one a month, plus upgrades and boosts). */
export async function listInvoiceSummaries(
  db: Executor,
  landlordId: string,
): Promise<InvoiceSummary[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.landlordId, landlordId))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(240);
  return rows.map(toSummary);
}

/** One of the landlord's invoices with its lines, or undefined (someone else's or none). */
export async function readInvoice(
  db: Executor,
  landlordId: string,
  id: string,
): Promise<Invoice | undefined> {
  const [row] = await db
    .select({ invoice: invoices, name: users.name, email: users.email })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.landlordId))
    .where(and(eq(invoices.id, id), eq(invoices.landlordId, landlordId)));
  if (!row) return undefined;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.createdAt), asc(invoiceLines.amountCents));
  return {
    ...toSummary(row.invoice),
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind as Invoice['lines'][number]['kind'],
      description: line.description,
      amountCents: line.amountCents,
      periodStart: line.periodStart?.toISOString() ?? null,
      periodEnd: line.periodEnd?.toISOString() ?? null,
    })),
    billedTo: { name: row.name, email: row.email },
  };
}
