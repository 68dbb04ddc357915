import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/** A renter's private viewing notes (issue 15): only their author ever reads them. */
export const notes = pgTable(
  'notes',
  {
    /** Client-made when created offline, so a replayed create is the same note. */
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyAddress: text().notNull(),
    unitNumber: text().notNull().default(''),
    dateViewed: date({ mode: 'string' }).notNull(),
    content: text().notNull().default(''),
    amenities: text().array().notNull().default(sql`'{}'::text[]`),
    listingId: uuid().references(() => listings.id, { onDelete: 'set null' }),
    /** Up by one on every change: the client's `baseVersion` is checked against it. */
    version: integer().notNull().default(1),
    /** When the renter made the latest edit (may be before it reached the server). */
    editedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    conflictOf: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_user_idx').on(t.userId, t.updatedAt),
    index('notes_user_listing_idx').on(t.userId, t.listingId),
  ],
);

/** A note's photos, stored like listing photos (`<storageKey>-<width>.webp`). */
export const notePhotos = pgTable(
  'note_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    noteId: uuid()
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    storageKey: text().notNull(),
    widths: integer().array().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    placeholder: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_photos_note_idx').on(t.noteId, t.position)],
);
