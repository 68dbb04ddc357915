import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Fee } from '../../../shared/schemas/listings.ts';
import { users } from './auth.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const listings = pgTable(
  'listings',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('draft'),
    title: text().notNull(),
    description: text().notNull().default(''),
    address: text(),
    unit: text(),
    neighborhood: text(),
    borough: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    rentCents: integer(),
    freeMonths: smallint().notNull().default(0),
    bedrooms: smallint(),
    bathrooms: doublePrecision(),
    sqft: integer(),
    availableFrom: date({ mode: 'string' }),
    leaseTermMonths: smallint(),
    pets: text(),
    laundry: text(),
    amenities: text().array().notNull().default(sql`'{}'::text[]`),
    fees: jsonb().$type<Fee[]>().notNull().default(sql`'[]'::jsonb`),
    featured: boolean().notNull().default(false),
    /** Issue 16: false keeps the exact spot private (public lat/lng rounded). */
    showExactLocation: boolean().notNull().default(false),
    /** Set when an admin took the listing down; the landlord cannot publish it until restored. */
    unpublishedAt: timestamp({ withTimezone: true }),
    /** The status it had when taken down, so a restore puts it back as it was. */
    unpublishedFromStatus: text(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Full-text document: title and neighborhood weigh most, then address, then description.
     * The address alone is weight B: the search index swaps that part for the public street when
     * the exact spot is hidden (listing-search.ts, `ts_filter(..., '{a,c}')`).
     */
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL => sql`
        setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, replace(coalesce(neighborhood, ''), '-', ' ')), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce(address, '')), 'B') ||
        setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    check('listings_status_check', sql`${t.status} in ('draft', 'active', 'rented', 'archived')`),
    check('listings_pets_check', sql`${t.pets} in ('none', 'cats', 'dogs', 'cats_and_dogs')`),
    check('listings_laundry_check', sql`${t.laundry} in ('in_unit', 'in_building', 'none')`),
    check('listings_rent_check', sql`${t.rentCents} > 0`),
    check('listings_free_months_check', sql`${t.freeMonths} >= 0`),
    // A public listing always has what search and the detail page need.
    check(
      'listings_active_complete_check',
      sql`${t.status} <> 'active' or (${t.rentCents} is not null and ${t.neighborhood} is not null
        and ${t.borough} is not null and ${t.bedrooms} is not null and ${t.bathrooms} is not null
        and ${t.publishedAt} is not null)`,
    ),
    index('listings_landlord_idx').on(t.landlordId, t.createdAt),
    index('listings_active_featured_idx')
      .on(t.publishedAt, t.id)
      .where(sql`status = 'active' and featured`),
    // Search reads no index here: it runs on an in-memory index of the active listings
    // (search-index.ts, docs/decisions/017), kept current through listing_changes.
  ],
);

export const listingPhotos = pgTable(
  'listing_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** Storage key prefix: files are `<key>-<width>.webp` for each of `widths`. */
    storageKey: text().notNull(),
    widths: integer().array().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    placeholder: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_photos_listing_idx').on(t.listingId, t.position)],
);

/**
 * Counters that change on every public view live apart from the listing: updating the wide
 * listing row would recompute its search columns and churn its indexes.
 */
export const listingStats = pgTable('listing_stats', {
  listingId: uuid()
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  viewCount: integer().notNull().default(0),
});

/** Views per listing and New York day: the dashboards' "last 7 days". */
export const listingDailyViews = pgTable(
  'listing_daily_views',
  {
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

export const savedListings = pgTable(
  'saved_listings',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The rent when saved, so the renter sees a price change since. */
    savedRentCents: integer(),
    /** Issue 16 alerts: the rent last announced or seen; each drop below it is announced once. */
    alertRentCents: integer(),
    /** Issue 16 alerts: when "rented" was announced (once). */
    rentedAnnouncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('saved_listings_user_listing_unique').on(t.userId, t.listingId),
    index('saved_listings_listing_idx').on(t.listingId),
  ],
);

/**
 * Every word (4+ letters) of listing text, filled by a statement-level trigger on listings
 * (migration 0003). Search corrects a typo to the nearest word here by trigram distance, then
 * runs the ordinary full-text query: cheap, because the vocabulary is small.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);

/**
 * Every statement that writes listings appends the ids it touched (migration 0007's trigger),
 * numbered by `listing_change_counter`: its row stays locked until the writer commits, so
 * changes become visible in number order and a reader that has applied change N only ever
 * needs the changes after N. Search indexes follow this log (listing-search.ts).
 */
export const listingChanges = pgTable('listing_changes', {
  seq: bigint({ mode: 'number' }).primaryKey(),
  listingIds: uuid().array().notNull(),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const listingChangeCounter = pgTable(
  'listing_change_counter',
  {
    only: boolean().primaryKey().default(true),
    seq: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('listing_change_counter_one_row', sql`${t.only}`)],
);
