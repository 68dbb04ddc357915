import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One row per counted action of a user (a tour booked, a report filed, a photo uploaded): the
 * abuse limits of issue 26, shared by every instance (lib/rate-limit.ts). Rows past a limit's
 * window are dropped the next time that user takes the same action; an account's rows go with
 * it.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which limit: 'tour-bookings', 'reports', 'photo-uploads'. */
    action: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_user_action_idx').on(t.userId, t.action, t.createdAt)],
);
