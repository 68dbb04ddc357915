/*
 * Stoop's plans and prices (issue 14): the one place they are set. Renters never pay; landlords
 * pay for more active listings and for featured placement. Amounts are integer cents (USD).
 */

export const PLAN_IDS = ['free', 'starter', 'pro', 'portfolio'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** Per month; 0 for the free plan. */
  priceCents: number;
  /** Listings that may be active (published) at once. */
  activeListingLimit: number;
  /** One line for the plan card. */
  summary: string;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    activeListingLimit: 2,
    summary: 'For an owner renting out a unit or two.',
  },
  {
    id: 'starter',
    name: 'Starter',
    priceCents: 2_900,
    activeListingLimit: 10,
    summary: 'For a small building or a few units.',
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 7_900,
    activeListingLimit: 50,
    summary: 'For property managers with a steady flow of units.',
  },
  {
    id: 'portfolio',
    name: 'Portfolio',
    priceCents: 19_900,
    activeListingLimit: 500,
    summary: 'For large portfolios and management companies.',
  },
];

export const FREE_PLAN_ID: PlanId = 'free';

export function planById(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Featured placement, per listing per day. */
export const BOOST_PRICE_PER_DAY_CENTS = 300;
export const BOOST_MIN_DAYS = 1;
export const BOOST_MAX_DAYS = 90;

/** After a failed payment, listings beyond the free limit are paused this many days later. */
export const PAYMENT_GRACE_DAYS = 7;

/**
 * The built-in test-mode provider (no STRIPE_SECRET_KEY) accepts Stripe's documented test card
 * numbers, so the same numbers work in both modes. Any future expiry and any CVC.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * Payments off: production with neither Stripe nor BILLING_TEST_MODE. The API's 409 (a paid plan
 * or a boost) and 404 (the card endpoints) say this; the Billing page says it with the help line.
 */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this site.';
export const PAYMENTS_OFF_HELP =
  "The free plan is available. Paid plans and featured listings become available when the site's operator sets up payments.";
