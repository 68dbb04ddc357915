import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tours } from './tours.ts';

/**
 * Reminders already sent for a tour (issue 13): the reminder job inserts its row in the same
 * transaction as the mails, so a job run twice (a retry after a lost ack, a second instance)
 * sends nothing the second time.
 */
export const tourNotices = pgTable(
  'tour_notices',
  {
    tourId: uuid()
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    /** reminder-24h | reminder-2h */
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tourId, table.kind] })],
);
