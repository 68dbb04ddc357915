import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema/mail.ts';
import type { Logger } from './logger.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

export type OutboxMail = Mail & { id: string; createdAt: Date };

export type Mailer = {
  /** `smtp` delivers through SMTP_URL; `outbox` keeps mail in the database for the dev mailbox. */
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Newest first; empty when mail goes out over SMTP. */
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
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail) {
      if (smtp) {
        await smtp.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await db.insert(outboxEmails).values(mail);
      logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in the outbox');
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
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(limit);
    },
  };
}
