import { z } from 'zod';
import { BOOST_MAX_DAYS, BOOST_MIN_DAYS, PLAN_IDS } from '../billing-plans.ts';
import { ListingSummarySchema } from './listing-responses.ts';
import { ConversationSummarySchema } from './messaging.ts';
import { SavedListingSchema } from './saved-listings.ts';
import { TourSchema } from './tours.ts';

/*
 * Landlord billing, the landlord profile and the two dashboards (issue 14). Amounts are integer
 * cents (USD); instants are ISO 8601 in UTC; days are New York calendar dates (YYYY-MM-DD).
 * Shapes the issue names are a contract: plans, subscription, boosts, profile.
 */

const Instant = z.iso.datetime();
const Cents = z.number().int();

// ---- Plans and the subscription ----

export const PlanIdSchema = z.enum(PLAN_IDS, { message: 'Unknown plan.' });

/** `GET /api/billing/plans` (public). */
export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  priceCents: Cents,
  activeListingLimit: z.number().int(),
  summary: z.string(),
});
export const PlansResponseSchema = z.object({ items: z.array(PlanSchema) });

export const SubscriptionStatusSchema = z.enum(['active', 'past_due', 'canceled']);

export const PaymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string().length(4),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * `PUT /api/billing/payment-method` (test mode only; Stripe collects cards on its own page; with
 * payments off it is not found). Only
 * the brand, the last four digits and the expiry are kept: never the number or the CVC.
 */
export const PaymentMethodInputSchema = z.object({
  number: z.string().regex(/^[\d -]{12,23}$/, 'Enter the card number (digits only).'),
  expMonth: z
    .number({ message: 'Enter the expiry month (1-12).' })
    .int('Enter the expiry month (1-12).')
    .min(1, 'Enter the expiry month (1-12).')
    .max(12, 'Enter the expiry month (1-12).'),
  expYear: z
    .number({ message: 'Enter the expiry year (four digits).' })
    .int('Enter the expiry year (four digits).')
    .min(2000, 'Enter the expiry year (four digits).')
    .max(2100, 'Enter the expiry year (four digits).'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
});
export type PaymentMethodInput = z.infer<typeof PaymentMethodInputSchema>;

/** `GET /api/billing/subscription`: every landlord has one (the free plan until they upgrade). */
export const SubscriptionSchema = z.object({
  planId: PlanIdSchema,
  status: SubscriptionStatusSchema,
  currentPeriodStart: Instant,
  currentPeriodEnd: Instant,
  /** The plan goes back to free at `currentPeriodEnd`. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for `currentPeriodEnd`. */
  pendingPlanId: PlanIdSchema.nullable(),
  /** After a failed payment: when listings beyond the free limit are paused. */
  graceEndsAt: Instant.nullable(),
  activeListings: z.number().int(),
  activeListingLimit: z.number().int(),
  paymentMethod: PaymentMethodSchema.nullable(),
  /**
   * `test`: the built-in provider, "Test mode — no real charges"; `live`: Stripe; `off`: payments
   * are not set up (production without Stripe or test mode): only the free plan can be taken.
   */
  mode: z.enum(['test', 'live', 'off']),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `POST /api/billing/subscription`: upgrade now (prorated), downgrade or cancel at period end. */
export const ChangeSubscriptionSchema = z.object({ planId: PlanIdSchema });

/** `POST /api/billing/payment-method/checkout` (Stripe): where to give or replace the card. */
export const CardCheckoutResponseSchema = z.object({ checkoutUrl: z.string() });

/** `POST /api/billing/webhooks/stripe`: handled (or already handled before: `duplicate`). */
export const WebhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});

export const ChangeSubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema,
  /** Payment must be collected first (no card on file, or Stripe Checkout): go there. */
  checkoutUrl: z.string().nullable(),
});

// ---- Featured placement ----

/** `POST /api/billing/boosts`. */
export const BoostInputSchema = z.object({
  listingId: z.uuid(),
  days: z
    .number({ message: `Choose between ${BOOST_MIN_DAYS} and ${BOOST_MAX_DAYS} days.` })
    .int(`Choose between ${BOOST_MIN_DAYS} and ${BOOST_MAX_DAYS} days.`)
    .min(BOOST_MIN_DAYS, `Choose between ${BOOST_MIN_DAYS} and ${BOOST_MAX_DAYS} days.`)
    .max(BOOST_MAX_DAYS, `Choose between ${BOOST_MIN_DAYS} and ${BOOST_MAX_DAYS} days.`),
});

export const BoostSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  listingTitle: z.string(),
  days: z.number().int(),
  startsAt: Instant,
  endsAt: Instant,
  amountCents: Cents,
  status: z.enum(['pending_payment', 'active', 'expired', 'canceled']),
});
export type Boost = z.infer<typeof BoostSchema>;

export const BoostsResponseSchema = z.object({ items: z.array(BoostSchema) });

// ---- Invoices ----

export const InvoiceStatusSchema = z.enum(['draft', 'open', 'paid', 'void']);

export const InvoiceLineSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['plan', 'boost', 'proration']),
  description: z.string(),
  /** Negative for a credit (proration of the unused part of the old plan). */
  amountCents: Cents,
  periodStart: Instant.nullable(),
  periodEnd: Instant.nullable(),
});

export const InvoiceSummarySchema = z.object({
  id: z.uuid(),
  /** Human-readable, unique: `STOOP-2026-000123`. */
  number: z.string(),
  status: InvoiceStatusSchema,
  periodStart: Instant,
  periodEnd: Instant,
  totalCents: Cents,
  issuedAt: Instant.nullable(),
  paidAt: Instant.nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** `GET /api/billing/invoices/{id}`: the total is the sum of the lines, always. */
export const InvoiceSchema = InvoiceSummarySchema.extend({
  lines: z.array(InvoiceLineSchema),
  billedTo: z.object({ name: z.string(), email: z.string() }),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoicesResponseSchema = z.object({ items: z.array(InvoiceSummarySchema) });

// ---- Landlord profile ----

const ProfileText = (max: number) => z.string().trim().max(max);

/** `PUT /api/landlord/profile`. */
export const LandlordProfileInputSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, 'Enter a name renters will see.')
    .max(80, 'Keep the name to 80 characters.'),
  phone: ProfileText(32)
    .regex(/^[+()\d\s.-]*$/, 'Use digits, spaces and + ( ) - only.')
    .optional(),
  bio: ProfileText(1000).optional(),
  languages: z.array(ProfileText(40).min(1)).max(10).optional(),
});
export type LandlordProfileInput = z.infer<typeof LandlordProfileInputSchema>;

/** `GET /api/landlord/profile`, and the public card on listing pages (without `phone` unless shown). */
export const LandlordProfileSchema = z.object({
  landlordId: z.uuid(),
  displayName: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  languages: z.array(z.string()),
  photoUrl: z.string().nullable(),
  /** From messaging: the median time to a first reply over the last 90 days. */
  medianFirstReplyMinutes: z.number().nullable(),
  /** Conversations started by renters in the last 90 days that got a reply, 0..1. */
  replyRate: z.number().min(0).max(1).nullable(),
  memberSince: Instant,
});
export type LandlordProfile = z.infer<typeof LandlordProfileSchema>;

// ---- Dashboards ----

/** One New York day of a listing's (or all listings') activity. */
export const DailyFiguresSchema = z.object({
  day: z.iso.date(),
  views: z.number().int(),
  saves: z.number().int(),
  inquiries: z.number().int(),
});

/** `GET /api/landlord/stats`. */
export const LandlordStatsSchema = z.object({
  listings: z.object({
    active: z.number().int(),
    draft: z.number().int(),
    rented: z.number().int(),
    archived: z.number().int(),
  }),
  /** The last 30 New York days, oldest first, today included. */
  daily: z.array(DailyFiguresSchema),
  totals: z.object({
    last7: DailyFiguresSchema.omit({ day: true }),
    last30: DailyFiguresSchema.omit({ day: true }),
  }),
  tours: z.object({ upcoming: z.number().int(), openRequests: z.number().int() }),
  waitlist: z.object({ waiting: z.number().int(), listingsWithQueue: z.number().int() }),
  unreadMessages: z.number().int(),
  plan: z.object({
    planId: PlanIdSchema,
    activeListings: z.number().int(),
    activeListingLimit: z.number().int(),
  }),
});
export type LandlordStats = z.infer<typeof LandlordStatsSchema>;

/** `GET /api/renter/dashboard`: each part short, each linking to its full page. */
export const RenterDashboardSchema = z.object({
  saved: z.object({
    total: z.number().int(),
    /** The latest saves (up to 6); a price change is `listing.rentCents - savedRentCents`. */
    items: z.array(SavedListingSchema),
    priceDrops: z.number().int(),
    noLongerAvailable: z.number().int(),
  }),
  /** Requested and confirmed tours ahead, soonest first (up to 5). */
  upcomingTours: z.array(TourSchema),
  conversations: z.object({
    unreadTotal: z.number().int(),
    /** The most recent (up to 5). */
    items: z.array(ConversationSummarySchema),
  }),
  /** Active listings like the saved ones (same or neighbouring area, rent within 15%, same bedrooms). */
  similar: z.array(ListingSummarySchema),
});
export type RenterDashboard = z.infer<typeof RenterDashboardSchema>;
