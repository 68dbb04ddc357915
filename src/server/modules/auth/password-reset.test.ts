import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { verifications } from '../../db/schema/auth.ts';
import { type ApiClient, createTestApp, TEST_BASE_URL } from '../../test/test-app.ts';

const { app, client, deps, db } = await createTestApp();

/** The reset link in the newest mail to `email` (mail goes out in the background). */
async function resetLinkFor(email: string): Promise<URL> {
  const mail = await vi.waitFor(
    async () => {
      const found = (await deps.mailer.listOutbox()).find(
        (m) => m.to === email && m.subject === 'Reset your Stoop password',
      );
      if (!found) throw new Error('no reset mail yet');
      return found;
    },
    { timeout: 5000, interval: 25 },
  );
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  expect(mail.html).toContain(link.replaceAll('&', '&#38;'));
  return new URL(link);
}

async function requestReset(browser: ApiClient, email: string) {
  return browser.post('/api/auth/request-password-reset', { email });
}

describe('password reset', () => {
  it('answers known and unknown addresses identically', async () => {
    const { email } = await client.fork().signUp({});
    const known = await requestReset(client.fork(), email);
    const unknown = await requestReset(client.fork(), 'no-such-person@stoop.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(unknown.headers.getSetCookie()).toEqual(known.headers.getSetCookie());
    await resetLinkFor(email); // only the known address gets mail
    const outbox = await deps.mailer.listOutbox();
    expect(outbox.some((m) => m.to === 'no-such-person@stoop.test')).toBe(false);
  });

  it('mails a link to the home recovery redirect that works once and ends every session', async () => {
    const { email } = await client.fork().signUp({});
    const laptop = client.fork();
    const phone = client.fork();
    await laptop.signIn(email);
    await phone.signIn(email);
    expect((await phone.get('/api/me')).status).toBe(200);

    await requestReset(client.fork(), email);
    const link = await resetLinkFor(email);
    expect(link.origin).toBe(TEST_BASE_URL);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('type')).toBe('recovery');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(16);

    const reset = await client
      .fork()
      .post('/api/auth/reset-password', { token, newPassword: 'brand-new-secret' });
    expect(reset.status).toBe(200);

    // Old sessions are gone; the old password no longer works; the new one does.
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await client.fork().signIn(email)).status).toBe(401);
    expect((await client.fork().signIn(email, 'brand-new-secret')).status).toBe(200);

    // The link works once.
    const again = await client
      .fork()
      .post('/api/auth/reset-password', { token, newPassword: 'another-secret' });
    expect(again.status).toBe(400);
    expect(ErrorBodySchema.parse(await again.json()).error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This link is invalid or has expired.',
    });
    expect((await client.fork().signIn(email, 'brand-new-secret')).status).toBe(200);
  });

  it('refuses a link older than 1 hour', async () => {
    const { email } = await client.fork().signUp({});
    await requestReset(client.fork(), email);
    const token = (await resetLinkFor(email)).searchParams.get('token') ?? '';
    const [row] = await db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row).toBeDefined();
    const expiresIn = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(expiresIn).toBeGreaterThan(59 * 60 * 1000);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await client
      .fork()
      .post('/api/auth/reset-password', { token, newPassword: 'too-late-now' });
    expect(res.status).toBe(400);
    expect((await client.fork().signIn(email)).status).toBe(200);
  });

  it('validates the new password with the spec message', async () => {
    const res = await client
      .fork()
      .post('/api/auth/reset-password', { token: 'whatever', newPassword: '12345' });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Password should be at least 6 characters.',
    });
  });
});

describe('dev mailbox', () => {
  it('lists outbox mail newest first outside production', async () => {
    const res = await app.request('/api/dev/mailbox');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { createdAt: string; subject: string }[] };
    expect(items.length).toBeGreaterThan(0);
    const times = items.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' }, database: undefined });
    const res = await prod.app.request('/api/dev/mailbox');
    expect(res.status).toBe(404);
  });
});

describe('welcome mail', () => {
  it('greets a new landlord with a link to their dashboard, in text and HTML', async () => {
    const { email } = await client.fork().signUp({ userType: 'landlord', name: 'Lena <b>' });
    const mail = await vi.waitFor(async () => {
      const found = (await deps.mailer.listOutbox()).find(
        (m) => m.to === email && m.subject === 'Welcome to Stoop',
      );
      if (!found) throw new Error('no welcome mail yet');
      return found;
    });
    expect(mail.text).toContain(`${TEST_BASE_URL}/landlord/dashboard`);
    expect(mail.html).toContain('Lena &#60;b&#62;'); // user text is escaped in HTML
  });
});

describe('mail over SMTP', () => {
  const received: { to: string; raw: string }[] = [];
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
  const ready = new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers the reset mail through SMTP_URL, with a working link, and keeps no outbox', async () => {
    const port = await ready;
    const viaSmtp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const { email } = await viaSmtp.client.fork().signUp({});
    await viaSmtp.client.fork().post('/api/auth/request-password-reset', { email });
    const mail = await vi.waitFor(
      () => {
        const found = received.find((m) => m.to === email && m.raw.includes('Reset your Stoop'));
        if (!found) throw new Error('not delivered yet');
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // Quoted-printable may wrap the link; unfold soft line breaks first.
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = unfolded.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');
    const res = await viaSmtp.client
      .fork()
      .post('/api/auth/reset-password', { token, newPassword: 'smtp-new-secret' });
    expect(res.status).toBe(200);
    expect((await viaSmtp.client.fork().signIn(email, 'smtp-new-secret')).status).toBe(200);
    expect(await viaSmtp.deps.mailer.listOutbox()).toEqual([]);
    expect((await viaSmtp.app.request('/api/dev/mailbox')).status).toBe(404);
  });
});
