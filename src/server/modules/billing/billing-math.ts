import { Temporal } from 'temporal-polyfill';
import type { Plan } from '../../../shared/billing-plans.ts';

/*
 * Billing periods and proration, pure. A period is a New York calendar month (every landlord's,
 * so the monthly run is one sweep); amounts are integer cents.
 */

export const BILLING_ZONE = 'America/New_York';

export type Period = { start: Date; end: Date };

/** The New York calendar month holding `at`: [its first midnight, the next month's). */
export function monthPeriodAt(at: Date): Period {
  const local = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(
    BILLING_ZONE,
  );
  const first = Temporal.PlainDate.from({ year: local.year, month: local.month, day: 1 });
  const start = first.toZonedDateTime({ timeZone: BILLING_ZONE });
  const end = first.add({ months: 1 }).toZonedDateTime({ timeZone: BILLING_ZONE });
  return { start: new Date(start.epochMilliseconds), end: new Date(end.epochMilliseconds) };
}

/** "Nov 1 – Dec 1, 2026" in New York dates, for invoice lines and mails. */
export function periodLabel(period: Period): string {
  const day = (d: Date, year: boolean) =>
    d.toLocaleDateString('en-US', {
      timeZone: BILLING_ZONE,
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
    });
  return `${day(period.start, false)} – ${day(period.end, true)}`;
}

export type DraftLine = {
  kind: 'plan' | 'boost' | 'proration';
  description: string;
  amountCents: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  boostId?: string;
};

/** `priceCents` for the share of `period` left after `at` (0 before nothing, all before start). */
export function remainingShare(priceCents: number, period: Period, at: Date): number {
  const total = period.end.getTime() - period.start.getTime();
  const left = Math.min(Math.max(period.end.getTime() - at.getTime(), 0), total);
  // price × ms stays far below 2^53 (19,900 × a month's 2.7e9 ms), so this is exact before rounding.
  return Math.round((priceCents * left) / total);
}

/**
 * An upgrade at `at`: a credit for the unused part of the old plan and a charge for the rest of
 * the period on the new one. Rounding is monotonic in the price, so a dearer plan never nets a
 * credit. Zero-cent lines are left out, but an invoice always has one line.
 */
export function prorationLines(input: {
  from: Plan;
  to: Plan;
  period: Period;
  at: Date;
}): DraftLine[] {
  const { from, to, period, at } = input;
  const rest: Period = {
    start: new Date(Math.max(at.getTime(), period.start.getTime())),
    end: period.end,
  };
  const credit = remainingShare(from.priceCents, period, at);
  const charge = remainingShare(to.priceCents, period, at);
  const lines: DraftLine[] = [];
  if (credit > 0) {
    lines.push({
      kind: 'proration',
      description: `Unused time on ${from.name} (${periodLabel(rest)})`,
      amountCents: -credit,
      periodStart: rest.start,
      periodEnd: rest.end,
    });
  }
  if (charge > 0 || lines.length === 0) {
    lines.push({
      kind: 'proration',
      description: `Remaining time on ${to.name} (${periodLabel(rest)})`,
      amountCents: charge,
      periodStart: rest.start,
      periodEnd: rest.end,
    });
  }
  return lines;
}

/** The one way an invoice total is made: the sum of its lines. */
export function invoiceTotal(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}
