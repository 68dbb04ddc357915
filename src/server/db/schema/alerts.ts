import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/** A renter's saved search (issue 16): the filters of `GET /api/listings` under a name. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: jsonb().$type<SearchFilters>().notNull(),
    /** instant | daily | off */
    alerts: text().notNull().default('instant'),
    paused: boolean().notNull().default(false),
    /** Matches announced after this are "new" on `/saved-searches`. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The day (New York) whose digest went out last: claimed atomically, so once per day. */
    digestSentOn: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    check('saved_searches_alerts_check', sql`${t.alerts} in ('instant', 'daily', 'off')`),
  ],
);

/**
 * Every listing a saved search has matched (issue 16), announced or taken as the baseline when
 * the search was saved or edited: at most one row per (search, listing), so a listing is never
 * announced twice as new. `lastRentCents` is the rent last seen, so each drop below it is
 * announced once.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** False for the baseline (already matching when the search was saved or edited). */
    announced: boolean().notNull(),
    lastRentCents: integer(),
    matchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_listing_idx').on(t.listingId),
  ],
);

/**
 * One announcement (issue 16): a saved search's new match or price drop, or a saved listing's
 * price drop or "rented". Mailed at once (`instant`) or in the day's digest (`daily`), and sent
 * live; `mailedAt` is set when a mail carried it.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a saved listing's alert. */
    savedSearchId: uuid().references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** new_match | price_drop | rented */
    kind: text().notNull(),
    rentCents: integer(),
    previousRentCents: integer(),
    mailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.createdAt),
    index('alerts_saved_search_idx').on(t.savedSearchId, t.createdAt),
    // A listing is announced as a new match once per saved search, whatever races.
    uniqueIndex('alerts_new_match_once')
      .on(t.savedSearchId, t.listingId)
      .where(sql`${t.kind} = 'new_match'`),
    check('alerts_kind_check', sql`${t.kind} in ('new_match', 'price_drop', 'rented')`),
  ],
);

/** Where the alerts scan stands in `listing_changes` (one row): scans take it FOR UPDATE. */
export const alertScanCursor = pgTable(
  'alert_scan_cursor',
  {
    only: boolean().primaryKey().default(true),
    seq: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('alert_scan_cursor_one_row', sql`${t.only}`)],
);

/** A user's choice for saved-listing alerts (price drop, rented); off after an unsubscribe. */
export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  savedListingAlerts: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
