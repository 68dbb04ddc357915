import { type Plan, planById } from '../../../shared/billing-plans.ts';
import type { InvoiceSummary, Subscription } from '../../../shared/schemas/billing.ts';
import { dateFormat } from '../../lib/date-format.ts';

/*
 * Billing's words and figures. Amounts on invoices always show cents ($29.00); dates are New
 * York calendar dates, the zone Stoop bills in.
 */

const NEW_YORK = 'America/New_York';

/** Cents as dollars with cents, the way an invoice shows them: 2900 -> "$29.00", -150 -> "-$1.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A plan's price for its card: "$0/mo", "$29/mo", "$29.50/mo". */
export function formatPlanPrice(plan: Pick<Plan, 'priceCents'>): string {
  const whole = plan.priceCents % 100 === 0;
  return `${whole ? `$${plan.priceCents / 100}` : formatCents(plan.priceCents)}/mo`;
}

const dateOnly = () =>
  dateFormat('en-US', {
    timeZone: NEW_YORK,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** An instant as its New York date: "Dec 1, 2026". */
export function formatDate(instant: string): string {
  return dateOnly().format(new Date(instant));
}

/** "Nov 1 – Dec 1, 2026" (the period of an invoice or a line). */
export function formatPeriod(start: string, end: string): string {
  return `${formatDate(start)} – ${formatDate(end)}`;
}

export const INVOICE_STATUS_LABEL: Record<InvoiceSummary['status'], string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
};

export function planName(id: string): string {
  return planById(id)?.name ?? id;
}

/** "3 of 10 active listings". */
export function usageText(sub: Pick<Subscription, 'activeListings' | 'activeListingLimit'>) {
  return `${sub.activeListings} of ${sub.activeListingLimit} active listing${
    sub.activeListingLimit === 1 ? '' : 's'
  }`;
}

/** What choosing `target` does from the current subscription. */
export type PlanAction = 'current' | 'upgrade' | 'downgrade' | 'cancel' | 'pending' | 'resume';

export function planAction(
  sub: Pick<Subscription, 'planId' | 'pendingPlanId' | 'cancelAtPeriodEnd'>,
  target: Pick<Plan, 'id' | 'priceCents'>,
): PlanAction {
  const current = planById(sub.planId);
  if (target.id === sub.planId) {
    // Choosing the current plan again takes back a pending downgrade or cancellation.
    return sub.pendingPlanId !== null || sub.cancelAtPeriodEnd ? 'resume' : 'current';
  }
  if (target.id === sub.pendingPlanId || (target.priceCents === 0 && sub.cancelAtPeriodEnd)) {
    return 'pending';
  }
  if (target.priceCents === 0) return 'cancel';
  return (current?.priceCents ?? 0) < target.priceCents ? 'upgrade' : 'downgrade';
}

/** Card numbers are typed with spaces; the API takes digits. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn check every real card number passes (Stripe's test numbers too). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The boost's price: days × the daily price, in cents. */
export function boostPriceCents(days: number, perDayCents: number): number {
  return days * perDayCents;
}
