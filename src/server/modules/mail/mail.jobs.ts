import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { type ModuleJobs, type NoPayload, pruneTask } from '../../lib/jobs/jobs.ts';
import { forgetSpentResetLinks } from './mail.service.ts';

const MailSendPayloadSchema = z.object({ mailId: z.uuid() });

/**
 * Delivered mail is kept this long (the dev mailbox reads it), then dropped: a reset link
 * expires within the hour, and no one should find it in the database a week later.
 */
export const SENT_MAIL_KEPT_DAYS = 7;

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /** Enqueued by the mailer with the stored mail's id (lib/mailer.ts). */
    'mail.send': z.infer<typeof MailSendPayloadSchema>;
    'mail.prune-sent': NoPayload;
    /** Takes expired reset links out of the stored reset mails (mail.service.ts). */
    'mail.forget-spent-reset-links': NoPayload;
  }
}

/** Drops mail delivered more than SENT_MAIL_KEPT_DAYS ago; undelivered mail stays for its job. */
export async function pruneSentMail(db: Db): Promise<number> {
  const deleted = await db
    .delete(outboxEmails)
    .where(
      and(
        isNotNull(outboxEmails.sentAt),
        lt(outboxEmails.sentAt, sql`now() - make_interval(days => ${SENT_MAIL_KEPT_DAYS})`),
      ),
    )
    .returning({ id: outboxEmails.id });
  return deleted.length;
}

/** Delivers one stored mail; an SMTP failure throws, and the runner retries with backoff. */
export function mailJobs({
  mailer,
  database,
}: AppDeps): ModuleJobs<'mail.send' | 'mail.prune-sent' | 'mail.forget-spent-reset-links'> {
  return {
    tasks: {
      'mail.send': {
        payload: MailSendPayloadSchema,
        async run({ mailId }) {
          await mailer.deliver(mailId);
        },
      },
      'mail.prune-sent': pruneTask('delivered mail', () => pruneSentMail(database.db)),
      'mail.forget-spent-reset-links': pruneTask('spent reset links from stored mail', () =>
        forgetSpentResetLinks({ ctx: { db: database.db } }),
      ),
    },
    schedule: [
      { task: 'mail.prune-sent', cron: '37 * * * *' },
      // A reset link lives an hour; its stored copy loses it within five minutes of expiring.
      { task: 'mail.forget-spent-reset-links', cron: '*/5 * * * *' },
    ],
  };
}
