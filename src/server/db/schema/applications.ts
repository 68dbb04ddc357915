import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RenterProfileData } from '../../../shared/schemas/renter-profile.ts';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/** A renter's reusable application profile (issue 28), validated whole by its zod schema. */
export const renterProfiles = pgTable('renter_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb().$type<RenterProfileData>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A renter's private documents; the bytes are in private storage under `storageKey`. */
export const renterDocuments = pgTable(
  'renter_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    name: text().notNull(),
    size: integer().notNull(),
    contentType: text().notNull(),
    storageKey: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('renter_documents_user_idx').on(t.userId, t.uploadedAt)],
);

/** What a listing asks of applicants; a listing without a row takes the defaults. */
export const listingApplicationSettings = pgTable('listing_application_settings', {
  listingId: uuid()
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  acceptingApplications: boolean().notNull().default(true),
  incomeMultiple: numeric({ precision: 4, scale: 1, mode: 'number' }),
  guarantorIncomeMultiple: numeric({ precision: 4, scale: 1, mode: 'number' }),
  requiredDocuments: text().array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
