import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationSettings } from '../../../shared/schemas/application-settings.ts';
import type { Decline, Offer } from '../../../shared/schemas/applications.ts';
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

/**
 * An application as sent (issue 28): the profile and the criteria are copies, so later edits to
 * either change nothing here. `closedAt` starts the landlord's 30 days with its documents.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    renterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    landlordId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** awaiting_household | submitted | info_requested | offered | accepted | offer_rejected | declined | withdrawn | closed */
    status: text().notNull().default('submitted'),
    /** False until the household first completes it: landlords never see it before (issue 29). */
    shownToLandlord: boolean().notNull().default(true),
    profile: jsonb().$type<RenterProfileData>().notNull(),
    criteria: jsonb().$type<ApplicationSettings>().notNull(),
    rentCents: integer().notNull(),
    message: text(),
    moveInDate: text(),
    idempotencyKey: text().notNull(),
    offer: jsonb().$type<Offer>(),
    decline: jsonb().$type<Decline>(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    /**
     * When the daily job ended the landlord's access to the documents sent (30 days after
     * `closedAt`, decision 055); the documents stay listed, only reading them is refused.
     */
    documentAccessEndedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('applications_renter_idempotency_key_unique').on(t.renterId, t.idempotencyKey),
    uniqueIndex('applications_open_unique')
      .on(t.listingId, t.renterId)
      .where(sql`status in ('awaiting_household', 'submitted', 'info_requested', 'offered')`),
    // Each list's keyset order, ties by id included, so a page is read off the index unsorted.
    index('applications_landlord_page_idx').on(t.landlordId, t.submittedAt, t.id),
    index('applications_landlord_status_idx').on(t.landlordId, t.status, t.submittedAt, t.id),
    index('applications_renter_page_idx').on(t.renterId, t.submittedAt, t.id),
    index('applications_listing_page_idx').on(t.listingId, t.submittedAt, t.id),
    // What the access job still has to end: closed, access not yet ended.
    index('applications_document_access_idx')
      .on(t.closedAt)
      .where(sql`closed_at is not null and document_access_ended_at is null`),
  ],
);

/** The documents an application carries; the metadata stays when the renter deletes a file. */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Null once the renter deleted the document. */
    documentId: uuid().references(() => renterDocuments.id, { onDelete: 'set null' }),
    /** The document's id when sent, kept after a delete so the row still names it. */
    sentDocumentId: uuid().notNull(),
    kind: text().notNull(),
    name: text().notNull(),
    size: integer().notNull(),
    contentType: text().notNull(),
    position: integer().notNull(),
    /** The co-applicant or guarantor who sent it; null for the primary applicant's. */
    memberId: uuid().references(() => applicationMembers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.sentDocumentId] }),
    index('application_documents_document_idx').on(t.documentId),
  ],
);

/** What happened to an application, in order: its timeline. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** renter | landlord | stoop */
    by: text().notNull(),
    detail: text(),
    /** Whose document an opening was (null: the primary applicant's): only they see it. */
    subjectUserId: uuid(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.id)],
);

/**
 * A co-applicant or guarantor (issue 29), invited by address. The link's token is stored only
 * as its SHA-256 and cleared when used; `userId` and the profile copy arrive when they join.
 */
export const applicationMembers = pgTable(
  'application_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** co_applicant | guarantor */
    role: text().notNull(),
    email: text().notNull(),
    tokenHash: text(),
    tokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    profile: jsonb().$type<RenterProfileData>(),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('application_members_application_idx').on(t.applicationId),
    index('application_members_user_idx').on(t.userId),
    uniqueIndex('application_members_token_unique').on(t.tokenHash),
    uniqueIndex('application_members_email_unique').on(t.applicationId, t.email),
  ],
);

/**
 * A signed offer's PDF (issue 29), kept for 3 years after its application closes even when the
 * application or the accounts are deleted: no foreign keys, and who may download it is a copy.
 */
export const signedOffers = pgTable(
  'signed_offers',
  {
    applicationId: uuid().primaryKey(),
    landlordId: uuid().notNull(),
    /** The primary applicant, the members and the landlord: who may download it. */
    partyIds: uuid().array().notNull(),
    storageKey: text().notNull(),
    signedBy: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deleteAfter: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('signed_offers_delete_after_idx').on(t.deleteAfter),
    index('signed_offers_parties_idx').using('gin', t.partyIds),
  ],
);
