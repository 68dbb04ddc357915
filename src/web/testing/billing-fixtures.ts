import { PLANS } from '../../shared/billing-plans.ts';
import {
  type Boost,
  BoostSchema,
  type Invoice,
  InvoiceSchema,
  type InvoiceSummary,
  InvoiceSummarySchema,
  type LandlordProfile,
  LandlordProfileSchema,
  type LandlordStats,
  LandlordStatsSchema,
  PlansResponseSchema,
  type Subscription,
  SubscriptionSchema,
} from '../../shared/schemas/billing.ts';
import {
  type LandlordListingChoices,
  LandlordListingChoicesSchema,
} from '../../shared/schemas/landlord-listings.ts';

/*
 * Test-only fixtures for issue 14's screens, each parsed by its shared schema so a fixture that
 * drifts from the contract fails at once. No vitest here: the e2e route mocks use them too.
 */

export const LANDLORD_ID = '00000000-0000-4000-8000-0000000000aa';
export const LISTING_A = '00000000-0000-4000-8000-0000000000b1';
export const LISTING_B = '00000000-0000-4000-8000-0000000000b2';
export const INVOICE_ID = '00000000-0000-4000-8000-0000000000c1';

/** `GET /api/billing/plans`: the schema keeps of each plan only the fields the API sends. */
export const plansFixture = () => PlansResponseSchema.parse({ items: PLANS });

export function subscriptionFixture(overrides: Partial<Subscription> = {}): Subscription {
  return SubscriptionSchema.parse({
    planId: 'starter',
    status: 'active',
    currentPeriodStart: '2026-11-01T04:00:00.000Z',
    currentPeriodEnd: '2026-12-01T05:00:00.000Z',
    cancelAtPeriodEnd: false,
    pendingPlanId: null,
    graceEndsAt: null,
    activeListings: 3,
    activeListingLimit: 10,
    paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    mode: 'test',
    ...overrides,
  });
}

export function invoiceSummaryFixture(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return InvoiceSummarySchema.parse({
    id: INVOICE_ID,
    number: 'STOOP-2026-000123',
    status: 'paid',
    periodStart: '2026-11-01T04:00:00.000Z',
    periodEnd: '2026-12-01T05:00:00.000Z',
    totalCents: 5_020,
    issuedAt: '2026-11-14T15:00:00.000Z',
    paidAt: '2026-11-14T15:00:05.000Z',
    ...overrides,
  });
}

/** An upgrade from Starter to Pro mid-month, with a boost: 7900·17/30 − 2900·17/30 + 2100. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  const lines = overrides.lines ?? [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      kind: 'proration',
      description: 'Unused time on Starter (17 of 30 days)',
      amountCents: -1_643,
      periodStart: '2026-11-14T15:00:00.000Z',
      periodEnd: '2026-12-01T05:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-0000000000d2',
      kind: 'plan',
      description: 'Pro plan, remaining 17 of 30 days',
      amountCents: 4_477,
      periodStart: '2026-11-14T15:00:00.000Z',
      periodEnd: '2026-12-01T05:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-0000000000d3',
      kind: 'boost',
      description: 'Featured: Sunny 2BR in Park Slope, 7 days',
      amountCents: 2_100,
      periodStart: '2026-11-14T15:00:00.000Z',
      periodEnd: '2026-11-21T15:00:00.000Z',
    },
  ];
  return InvoiceSchema.parse({
    ...invoiceSummaryFixture(),
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    billedTo: { name: 'Park Slope Rentals LLC', email: 'landlord@example.com' },
    ...overrides,
    lines,
  });
}

export function boostFixture(overrides: Partial<Boost> = {}): Boost {
  return BoostSchema.parse({
    id: '00000000-0000-4000-8000-0000000000e1',
    listingId: LISTING_A,
    listingTitle: 'Sunny 2BR in Park Slope',
    days: 7,
    startsAt: '2026-11-14T15:00:00.000Z',
    endsAt: '2026-11-21T15:00:00.000Z',
    amountCents: 2_100,
    status: 'active',
    ...overrides,
  });
}

export function landlordProfileFixture(overrides: Partial<LandlordProfile> = {}): LandlordProfile {
  return LandlordProfileSchema.parse({
    landlordId: LANDLORD_ID,
    displayName: 'Park Slope Rentals',
    phone: '+1 (718) 555-0142',
    bio: 'Family-owned brownstones in Park Slope since 1987. We answer within the day.',
    languages: ['English', 'Spanish'],
    photoUrl: null,
    medianFirstReplyMinutes: 42,
    replyRate: 0.93,
    memberSince: '2024-03-02T14:00:00.000Z',
    ...overrides,
  });
}

/** 30 New York days ending 2026-11-24, with a visible week-on-week shape. */
export function landlordStatsFixture(overrides: Partial<LandlordStats> = {}): LandlordStats {
  const daily = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10);
    return {
      day,
      views: 20 + ((i * 7) % 13) + (i % 7 === 5 ? 15 : 0),
      saves: (i * 3) % 5,
      inquiries: i % 4 === 0 ? 2 : i % 3 === 0 ? 1 : 0,
    };
  });
  const sum = (days: typeof daily) =>
    days.reduce(
      (t, d) => ({
        views: t.views + d.views,
        saves: t.saves + d.saves,
        inquiries: t.inquiries + d.inquiries,
      }),
      { views: 0, saves: 0, inquiries: 0 },
    );
  return LandlordStatsSchema.parse({
    listings: { active: 3, draft: 2, rented: 1, archived: 4 },
    daily,
    totals: { last7: sum(daily.slice(-7)), last30: sum(daily) },
    tours: { upcoming: 4, openRequests: 2 },
    waitlist: { waiting: 5, listingsWithQueue: 2 },
    unreadMessages: 3,
    plan: { planId: 'starter', activeListings: 3, activeListingLimit: 10 },
    ...overrides,
  });
}

/** The listing choices of a landlord with none (the pickers on landlord screens load them). */
export function noListingChoicesFixture(): LandlordListingChoices {
  return LandlordListingChoicesSchema.parse({ items: [], total: 0 });
}
