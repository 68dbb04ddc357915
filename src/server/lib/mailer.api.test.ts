import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outboxEmails } from '../db/schema/mail.ts';
import { smtpSink } from '../test/smtp-sink.ts';
import { createTestApp, createTestDatabase, uniqueEmail } from '../test/test-app.ts';

/** Attachments (a tour's .ics) are stored with the mail and go out with it over SMTP. */

const sink = smtpSink();
const port = await sink.port;

const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stoop//Test//EN\r\nEND:VCALENDAR\r\n';
const attachments = [
  { filename: 'tour.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
];

describe('mail attachments', () => {
  it('are kept in the outbox with the mail', async () => {
    const { deps, db } = await createTestApp();
    const to = uniqueEmail('outbox');
    const id = await deps.mailer.send({
      to,
      subject: 'Tour',
      text: 't',
      html: '<p>t</p>',
      attachments,
    });
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row?.attachments).toEqual(attachments);
    // A mail without any stores an empty list.
    const plain = await deps.mailer.send({ to, subject: 'Plain', text: 'p', html: '<p>p</p>' });
    const [plainRow] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, plain));
    expect(plainRow?.attachments).toEqual([]);
  });

  it('go out over SMTP as MIME parts', async () => {
    const { deps } = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      database: (await createTestDatabase()).url,
    });
    const to = uniqueEmail('smtp');
    await deps.mailer.send({ to, subject: 'Tour', text: 't', html: '<p>t</p>', attachments });
    const raw = await vi.waitFor(
      () => {
        const mail = sink.received.find((m) => m.to === to)?.raw;
        if (!mail) throw new Error('not yet');
        return mail;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8/i);
    expect(raw).toMatch(/filename=tour\.ics/);
    // The file itself, base64 in 76-column lines.
    expect(raw.replace(/\r\n/g, '')).toContain(Buffer.from(ics).toString('base64'));
  });
});
