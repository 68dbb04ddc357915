import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail Stoop sends; without SMTP it is the dev mailbox's source. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('outbox_emails_to_idx').on(table.to, table.createdAt)],
);
