import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DateOverride,
  TourSettings,
  Vacation,
  WaitlistPreferences,
  WeeklyHours,
} from '../../../shared/schemas/tours.ts';
import { users } from './auth.ts';
import { listings } from './listings.ts';

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * When a landlord shows places (issue 13): one row a landlord, written whole by
 * `PUT /api/landlord/availability`. No row: closed every day, default settings.
 */
export const landlordAvailability = pgTable('landlord_availability', {
  landlordId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text().notNull().default('America/New_York'),
  weeklyHours: jsonb().$type<WeeklyHours>().notNull(),
  overrides: jsonb().$type<DateOverride[]>().notNull().default([]),
  vacations: jsonb().$type<Vacation[]>().notNull().default([]),
  /** Settings for the landlord's listings that have none of their own (full object). */
  tourDefaults: jsonb().$type<TourSettings>().notNull(),
  updatedAt,
});

/** A listing's own tour settings (full object); no row: the landlord's defaults. */
export const listingTourSettings = pgTable('listing_tour_settings', {
  listingId: uuid()
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  settings: jsonb().$type<TourSettings>().notNull(),
  updatedAt,
});

export const tours = pgTable(
  'tours',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    renterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing's landlord when booked: their agenda, buffers and daily caps read by it. */
    landlordId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** in_person | video */
    type: text().notNull(),
    note: text(),
    /** requested | confirmed | declined | expired | cancelled | completed | no_show */
    status: text().notNull(),
    /**
     * Which seat of the slot this tour holds, 1..capacity. With the unique index below, the
     * database itself refuses a second booking of a private slot (or a fourth of capacity 3).
     */
    seat: smallint().notNull().default(1),
    /** A request's deadline for the landlord's answer. */
    expiresAt: timestamp({ withTimezone: true }),
    /** renter | landlord */
    cancelledBy: text(),
    cancelReason: text(),
    rescheduledFromId: uuid(),
    /** iCalendar SEQUENCE: raised on every change the calendar file shows. */
    sequence: integer().notNull().default(0),
    idempotencyKey: text().notNull(),
    createdAt,
    updatedAt,
  },
  (table) => [
    unique('tours_renter_idempotency_key_unique').on(table.renterId, table.idempotencyKey),
    uniqueIndex('tours_active_seat_unique')
      .on(table.listingId, table.startsAt, table.seat)
      .where(sql`status in ('requested', 'confirmed')`),
    index('tours_landlord_starts_idx').on(table.landlordId, table.startsAt),
    index('tours_renter_starts_idx').on(table.renterId, table.startsAt),
    index('tours_listing_starts_idx').on(table.listingId, table.startsAt),
    index('tours_rescheduled_from_idx')
      .on(table.rescheduledFromId)
      .where(sql`rescheduled_from_id is not null`),
    check('tours_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'tours_status_known',
      sql`${table.status} in ('requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed', 'no_show')`,
    ),
    check('tours_type_known', sql`${table.type} in ('in_person', 'video')`),
    check('tours_note_length', sql`char_length(${table.note}) <= 500`),
  ],
);

/** A renter waiting for a slot on a listing; first come, first offered. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    renterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    preferences: jsonb().$type<WaitlistPreferences>().notNull(),
    /** waiting | offered | booked | removed | left */
    status: text().notNull().default('waiting'),
    offerStartsAt: timestamp({ withTimezone: true }),
    offerEndsAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    // One place in a queue per renter.
    uniqueIndex('waitlist_entries_active_unique')
      .on(table.listingId, table.renterId)
      .where(sql`status in ('waiting', 'offered')`),
    index('waitlist_entries_queue_idx')
      .on(table.listingId, table.createdAt)
      .where(sql`status in ('waiting', 'offered')`),
    index('waitlist_entries_renter_idx').on(table.renterId),
    check(
      'waitlist_entries_status_known',
      sql`${table.status} in ('waiting', 'offered', 'booked', 'removed', 'left')`,
    ),
  ],
);
