import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail (a tour's .ics): text content, stored with the mail. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** Every mail Stoop sends; without SMTP it is the dev mailbox's source. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    attachments: jsonb().$type<MailAttachment[]>().notNull().default([]),
    /** Extra headers (issue 16: List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('outbox_emails_to_idx').on(table.to, table.createdAt)],
);
