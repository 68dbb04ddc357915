import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '../../../shared/schemas/billing.ts';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/*
 * Landlord billing, the landlord profile and view counting (issue 14). Amounts are integer cents.
 */

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp({ withTimezone: true }).notNull().defaultNow();

/** One row a landlord who ever left the free plan or was billed; none: free, no card. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    landlordId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text().notNull(),
    status: text().notNull().default('active'),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** A downgrade that takes effect at `current_period_end`. */
    pendingPlanId: text(),
    /** After a failed payment: listings beyond the free limit are paused then. */
    graceEndsAt: timestamp({ withTimezone: true }),
    /** `test` (built-in, no real charges) or `stripe`. */
    provider: text().notNull(),
    providerCustomerId: text(),
    providerSubscriptionId: text(),
    paymentMethod: jsonb().$type<PaymentMethod>(),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'canceled')`),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

/** Featured placement bought for a listing. */
export const listingBoosts = pgTable(
  'listing_boosts',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    days: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    amountCents: integer().notNull(),
    status: text().notNull(),
    createdAt,
  },
  (t) => [
    check(
      'listing_boosts_status_check',
      sql`${t.status} in ('pending_payment', 'active', 'expired', 'canceled')`,
    ),
    check('listing_boosts_days_check', sql`${t.days} between 1 and 90`),
    index('listing_boosts_listing_idx').on(t.listingId, t.endsAt),
    index('listing_boosts_active_idx').on(t.endsAt).where(sql`status = 'active'`),
  ],
);

/** Invoice numbers: `STOOP-<year>-<6 digits>`, never reused. */
export const invoiceNumbers = pgSequence('invoice_numbers');

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text().notNull().unique(),
    status: text().notNull().default('draft'),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    /** Always the sum of its lines (kept with them in one transaction). */
    totalCents: integer().notNull().default(0),
    issuedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /** Failed charge attempts so far. */
    attempts: integer().notNull().default(0),
    providerInvoiceId: text(),
    createdAt,
    updatedAt,
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} in ('draft', 'open', 'paid', 'void')`),
    index('invoices_landlord_idx').on(t.landlordId, t.periodStart),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    boostId: uuid().references(() => listingBoosts.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    check('invoice_lines_kind_check', sql`${t.kind} in ('plan', 'boost', 'proration')`),
    index('invoice_lines_invoice_idx').on(t.invoiceId),
  ],
);

/** Webhook events already handled (provider's event id): a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What renters see of a landlord (`/landlord/profile`). */
export const landlordProfiles = pgTable('landlord_profiles', {
  landlordId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text().notNull(),
  phone: text(),
  bio: text(),
  languages: text().array().notNull().default([]),
  /** Storage key prefix of the re-encoded photo (`<key>-<width>.webp`), like listing photos. */
  photoKey: text(),
  photoWidths: integer().array(),
  /**
   * Response figures for the public card, kept here so listing pages read them in their one
   * join (computed from messaging at each profile change and by an hourly job; migration 0015).
   */
  medianFirstReplyMinutes: integer(),
  replyRate: real(),
  responseFiguresAt: timestamp({ withTimezone: true }),
  updatedAt,
});

/**
 * Who viewed a listing on a New York day (a hash of the visitor's id or address), so a reload
 * is not a second view. Kept two days.
 */
export const listingViewVisitors = pgTable(
  'listing_view_visitors',
  {
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitor] }), index().on(t.day)],
);
