import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';
import { conversations } from './messaging.ts';

/** A renter's or landlord's report of a listing or a conversation (issue 15). */
export const reports = pgTable(
  'reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid().references(() => listings.id, { onDelete: 'cascade' }),
    conversationId: uuid().references(() => conversations.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    details: text().notNull().default(''),
    /** open | resolved */
    status: text().notNull().default('open'),
    /** dismissed | action-taken */
    resolution: text(),
    resolutionNote: text(),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_one_subject', sql`num_nonnulls(${t.listingId}, ${t.conversationId}) = 1`),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved')`),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_listing_idx').on(t.listingId),
    index('reports_conversation_idx').on(t.conversationId),
    // One open report per reporter and subject: a repeat meets the existing one (issue 15).
    uniqueIndex('reports_open_listing_unique')
      .on(t.reporterId, t.listingId)
      .where(sql`${t.status} = 'open' and ${t.listingId} is not null`),
    uniqueIndex('reports_open_conversation_unique')
      .on(t.reporterId, t.conversationId)
      .where(sql`${t.status} = 'open' and ${t.conversationId} is not null`),
  ],
);

/**
 * Every admin action, and every admin read of a reported conversation: who, what, when.
 * Rows are only ever inserted; ids are not foreign keys so the record outlives what it names.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: uuid().notNull(),
    targetLabel: text().notNull().default(''),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
