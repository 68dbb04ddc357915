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
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * One conversation per pair of users, the smaller id first (docs/spec.md §3,
 * docs/architecture.md §3).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    participant1Id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing the conversation is about: the latest one it was opened from. */
    listingId: uuid().references(() => listings.id, { onDelete: 'set null' }),
    createdAt,
    /** Set by every send (docs/spec.md §4). */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('conversations_pair_unique').on(table.participant1Id, table.participant2Id),
    check('conversations_ordered_pair', sql`${table.participant1Id} < ${table.participant2Id}`),
    // The inbox walks these from a cursor, ties broken by id (decision 042).
    // `desc().nullsFirst()` is plain DESC, the order the queries ask for; drizzle's bare `.desc()`
    // means DESC NULLS LAST, which PostgreSQL cannot use for `order by … desc`.
    index('conversations_participant1_idx').on(
      table.participant1Id,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('conversations_participant2_idx').on(
      table.participant2Id,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Inquiries per listing (the landlord's table and dashboard).
    index('conversations_listing_idx').on(table.listingId).where(sql`listing_id is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** As typed without real HTML tags (decision 022); 1-2000 characters. */
    content: text().notNull(),
    listingId: uuid().references(() => listings.id, { onDelete: 'set null' }),
    /** The client's key for this send: a retry with the same key returns the first message. */
    idempotencyKey: text().notNull(),
    createdAt,
    isEdited: boolean().notNull().default(false),
    editedAt: timestamp({ withTimezone: true }),
    /**
     * When the receiver read it: a copy of their `message_read_status` row, kept in the same
     * transaction, so unread counts are an index lookup instead of an anti-join.
     */
    receiverReadAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique('messages_sender_idempotency_key_unique').on(table.senderId, table.idempotencyKey),
    index('messages_conversation_created_idx').on(
      table.conversationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // With the time, an inbox page counts unread messages as of its snapshot from the index
    // alone (decision 042).
    index('messages_unread_idx')
      .on(table.receiverId, table.conversationId, table.createdAt)
      .where(sql`receiver_read_at is null`),
    index('messages_listing_idx').on(table.listingId).where(sql`listing_id is not null`),
    check('messages_content_length', sql`char_length(${table.content}) between 1 and 20000`),
  ],
);

/** docs/spec.md §3 "Read status record": unique per message and user. */
export const messageReadStatus = pgTable(
  'message_read_status',
  {
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

/** Sends per user per window: the message-send rate limit, shared by every instance. */
export const messageSendCounters = pgTable(
  'message_send_counters',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.windowStart] })],
);

/**
 * Each user's last event id: events are numbered per user, in commit order
 * (docs/architecture.md §5).
 */
export const userEventCounters = pgTable('user_event_counters', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastEventId: bigint({ mode: 'number' }).notNull().default(0),
});

/** What each user's live stream carries; kept 7 days so a reconnect can replay what it missed. */
export const events = pgTable(
  'events',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('events_created_at_idx').on(table.createdAt),
  ],
);
