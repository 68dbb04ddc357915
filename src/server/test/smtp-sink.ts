import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export type ReceivedMail = { to: string; raw: string };

/**
 * An SMTP server on a free local port that keeps every mail it gets (raw, by first recipient),
 * for tests that send through SMTP_URL. Closed after the file (or the enclosing describe).
 */
export function smtpSink(): { received: ReceivedMail[]; port: Promise<number> } {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
        callback();
      });
    },
  });
  const port = new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { received, port };
}
