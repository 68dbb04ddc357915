import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { type MailAttachment, outboxEmails } from '../db/schema/mail.ts';
import { enqueueJob } from './jobs/jobs.ts';
import type { Logger } from './logger.ts';

export type { MailAttachment } from '../db/schema/mail.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a tour's .ics), stored with the mail so a retry sends the same ones. */
  attachments?: MailAttachment[];
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post (issue 16). */
  headers?: Record<string, string>;
};

export type OutboxMail = Omit<Mail, 'attachments'> & {
  id: string;
  createdAt: Date;
  headers: Record<string, string>;
};

/** A Drizzle database or transaction. */
type MailExecutor = Pick<Db, 'insert' | 'execute'>;

export type Mailer = {
  /** `smtp` delivers through SMTP_URL; `outbox` keeps mail in the database for the dev mailbox. */
  readonly transport: 'smtp' | 'outbox';
  /**
   * Stores the mail and enqueues its `mail.send` job, in `executor`'s transaction when given
   * (so it goes out only if that commits). Returns the mail's id.
   */
  send(mail: Mail, executor?: MailExecutor): Promise<string>;
  /**
   * The `mail.send` job: sends a stored mail over SMTP, or marks it delivered to the outbox.
   * Does nothing for mail already sent, so a job run again never sends twice.
   */
  deliver(mailId: string): Promise<void>;
  /** Delivered outbox mail, newest first; empty when mail goes out over SMTP. */
  listOutbox(limit?: number): Promise<OutboxMail[]>;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, db, logger } = options;
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  const store = async (mail: Mail, executor: MailExecutor) => {
    const [row] = await executor
      .insert(outboxEmails)
      .values({ ...mail, attachments: mail.attachments ?? [], headers: mail.headers ?? {} })
      .returning({ id: outboxEmails.id });
    if (!row) throw new Error('the mail was not stored');
    await enqueueJob(executor, 'mail.send', { mailId: row.id }, { jobKey: `mail:${row.id}` });
    return row.id;
  };

  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail, executor) {
      return executor ? store(mail, executor) : db.transaction((tx) => store(mail, tx));
    },
    async deliver(mailId) {
      await db.transaction(async (tx) => {
        // The row lock holds a second delivery of the same mail until this one is recorded.
        const [mail] = await tx
          .select()
          .from(outboxEmails)
          .where(and(eq(outboxEmails.id, mailId), isNull(outboxEmails.sentAt)))
          .for('update');
        if (!mail) return; // sent already, or gone
        if (smtp) {
          await smtp.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: mail.headers,
            attachments: mail.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: file.content,
            })),
          });
        }
        await tx
          .update(outboxEmails)
          .set({ sentAt: new Date() })
          .where(eq(outboxEmails.id, mailId));
        logger.info(
          { to: mail.to, subject: mail.subject },
          smtp ? 'mail sent' : 'mail stored in the outbox',
        );
      });
    },
    async listOutbox(limit = 50) {
      if (smtp) return [];
      return db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          subject: outboxEmails.subject,
          text: outboxEmails.text,
          html: outboxEmails.html,
          headers: outboxEmails.headers,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .where(isNotNull(outboxEmails.sentAt))
        .orderBy(desc(outboxEmails.createdAt))
        .limit(limit);
    },
  };
}
