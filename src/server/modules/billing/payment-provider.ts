import { Temporal } from 'temporal-polyfill';
import { PAYMENTS_OFF_MESSAGE, type PlanId, TEST_CARDS } from '../../../shared/billing-plans.ts';
import type { PaymentMethod, PaymentMethodInput } from '../../../shared/schemas/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { BILLING_ZONE } from './billing-math.ts';

/*
 * How Stoop takes money, behind one interface: the built-in test-mode provider (no real charges,
 * Stripe's documented test card numbers), Stripe (stripe-provider.ts: Checkout for cards,
 * PaymentIntents for charges, webhooks in stripe-webhooks.ts), or none at all (payments off:
 * production without Stripe and without BILLING_TEST_MODE, where nothing is ever charged). A provider that
 * collects cards on its own page answers `checkoutUrl`; one that takes them in Stoop's form
 * answers `saveCard`. Charges carry the invoice id so a retried charge is never taken twice.
 */

export type ChargeRequest = {
  landlordId: string;
  /** The idempotency key of the charge (Stripe: of its PaymentIntent). */
  invoiceId: string;
  /** Failed attempts so far: a new card's retry is a new charge, a replayed one is not. */
  attempt: number;
  amountCents: number;
  description: string;
  paymentMethod: PaymentMethod | null;
  customerId: string | null;
};

export type ChargeFailure =
  | 'card_declined'
  | 'insufficient_funds'
  | 'no_payment_method'
  /** Payments off: nothing can be charged on this site. */
  | 'payments_off';

export type ChargeResult =
  | { ok: true; paymentId: string }
  | { ok: false; code: ChargeFailure; message: string };

export type SavedCard = { paymentMethod: PaymentMethod; customerId: string | null };

export type CheckoutRequest = {
  landlordId: string;
  /** The plan to move to once the card is saved; null: only save (or replace) the card. */
  planId: PlanId | null;
  paymentMethod: PaymentMethod | null;
  customerId: string | null;
};

export interface PaymentProvider {
  /** Stored on the subscription row. */
  readonly id: 'test' | 'stripe' | 'none';
  /** `test`: "Test mode — no real charges"; `off`: payments are not set up, nothing is charged. */
  readonly mode: 'test' | 'live' | 'off';
  /** Keeps a card typed into Stoop's own form; refuses it with a 400 that says why. */
  saveCard(input: { landlordId: string; card: PaymentMethodInput; now: Date }): Promise<SavedCard>;
  /**
   * Where the landlord must go to give a card first (then, with `planId`, to upgrade to it), or
   * null when the card on file is charged now.
   */
  checkoutUrl(input: CheckoutRequest): Promise<string | null>;
  charge(input: ChargeRequest): Promise<ChargeResult>;
}

/** The built-in checkout page (the web app's), for a landlord with no card on file. */
export function testCheckoutUrl(planId: PlanId): string {
  return `/landlord/billing/checkout?plan=${encodeURIComponent(planId)}`;
}

const DECLINES: Record<string, { code: ChargeFailure; message: string }> = {
  [TEST_CARDS.declined.slice(-4)]: { code: 'card_declined', message: 'Your card was declined.' },
  [TEST_CARDS.insufficientFunds.slice(-4)]: {
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

function cardError(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message, details: [{ path, message }] });
}

/**
 * Test mode: accepts only TEST_CARDS (any future expiry, any CVC) and keeps brand, last 4 and
 * expiry. A charge is decided by the card on file's last four digits, which tell the three test
 * cards apart, exactly as Stripe's test mode answers for the same numbers.
 */
export function createTestPaymentProvider(): PaymentProvider {
  let charges = 0;
  return {
    id: 'test',
    mode: 'test',
    async saveCard({ card, now }) {
      const digits = card.number.replace(/[\s-]/g, '');
      if (!(Object.values(TEST_CARDS) as string[]).includes(digits)) {
        throw cardError(
          'number',
          `Test mode takes Stripe's test cards only: ${TEST_CARDS.succeeds} succeeds, ${TEST_CARDS.declined} is declined, ${TEST_CARDS.insufficientFunds} has insufficient funds.`,
        );
      }
      const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(
        BILLING_ZONE,
      );
      if (card.expYear * 12 + card.expMonth < today.year * 12 + today.month) {
        throw cardError('expYear', 'This card has expired.');
      }
      return {
        paymentMethod: {
          brand: 'Visa',
          last4: digits.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
        customerId: null,
      };
    },
    async checkoutUrl({ planId, paymentMethod }) {
      // Cards are typed into Stoop's own form here: only an upgrade without one goes elsewhere.
      return paymentMethod || !planId ? null : testCheckoutUrl(planId);
    },
    async charge({ paymentMethod, invoiceId }) {
      if (!paymentMethod) {
        return { ok: false, code: 'no_payment_method', message: 'There is no card on file.' };
      }
      const decline = DECLINES[paymentMethod.last4];
      if (decline) return { ok: false, ...decline };
      charges += 1;
      return { ok: true, paymentId: `test_${invoiceId}_${charges}` };
    },
  };
}

/** Payments off: the card endpoints are not found here (the 404 of `PUT /payment-method`). */
export function paymentsOffNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: PAYMENTS_OFF_MESSAGE });
}

/** Payments off: a paid plan or a boost cannot be taken (409). */
export function paymentsOffConflict(): AppError {
  return new AppError('CONFLICT', { message: PAYMENTS_OFF_MESSAGE });
}

/**
 * Payments off (production with neither Stripe nor BILLING_TEST_MODE): takes no card, sends to no
 * checkout and charges nothing. The service refuses paid plans and boosts before it gets here; a
 * renewal of a paid plan taken earlier fails like a declined card (past due, then Free).
 */
export function createPaymentsOffProvider(): PaymentProvider {
  return {
    id: 'none',
    mode: 'off',
    async saveCard() {
      throw paymentsOffNotFound();
    },
    async checkoutUrl() {
      throw paymentsOffConflict();
    },
    async charge() {
      return { ok: false, code: 'payments_off', message: PAYMENTS_OFF_MESSAGE };
    },
  };
}
