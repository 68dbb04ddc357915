import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema/auth.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../test/test-app.ts';
import { makeAdmin } from './make-admin.ts';

// A second instance on the same database: its cached sessions must drop too.
const first = await createTestApp();
const second = await createTestApp({ database: first.url });
const ctx = { db: first.db, auth: first.deps.auth };

async function userTypeOf(email: string) {
  const [row] = await first.db
    .select({ userType: users.userType })
    .from(users)
    .where(eq(users.email, email));
  return row?.userType;
}

async function sessionCount(userId: string) {
  return (await first.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/** The reset mails to `email` in the outbox, newest first. */
async function resetMails(email: string) {
  return (await first.deps.mailer.listOutbox(500)).filter(
    (m) => m.to === email && m.subject === 'Reset your Stoop password',
  );
}

/** A signed-up account with a browser signed in to it on each instance. */
async function existingAccount() {
  const { email } = await first.client.fork().signUp({ name: 'Maybe A Stranger' });
  const here = first.client.fork();
  const there = second.client.fork();
  expect((await here.signIn(email)).status).toBe(200);
  expect((await there.signIn(email)).status).toBe(200);
  // Both instances have the session cached now.
  expect((await here.get('/api/me')).status).toBe(200);
  expect((await there.get('/api/me')).status).toBe(200);
  return { email, here, there };
}

describe('npm run user:create-admin (makeAdmin)', () => {
  it('creates a new admin account, with a generated password when none is given', async () => {
    const email = uniqueEmail('new-admin');
    const result = await makeAdmin({ ctx, input: { email, promoteExisting: false } });
    expect(result.outcome).toBe('created');
    if (result.outcome !== 'created') return;
    expect(result.user).toMatchObject({ email, userType: 'admin', name: 'Administrator' });
    const generated = result.generatedPassword ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(20);
    const browser = first.client.fork();
    expect((await browser.signIn(email, generated)).status).toBe(200);
    const me = (await (await browser.get('/api/me')).json()) as { user: { userType: string } };
    expect(me.user.userType).toBe('admin');

    const chosen = uniqueEmail('chosen-admin');
    const withPassword = await makeAdmin({
      ctx,
      input: { email: chosen, password: 'chosen-pass-1', name: 'Ada', promoteExisting: false },
    });
    expect(withPassword).toMatchObject({ outcome: 'created', generatedPassword: undefined });
    expect((await first.client.fork().signIn(chosen, 'chosen-pass-1')).status).toBe(200);
    // A new account gets no reset mail: its creator holds the password.
    expect(await resetMails(chosen)).toEqual([]);
  });

  it('refuses an email that already has an account without --promote-existing: nothing changes', async () => {
    const { email, here, there } = await existingAccount();
    for (const address of [email, `  ${email.toUpperCase()} `]) {
      const result = await makeAdmin({
        ctx,
        input: { email: address, password: 'attempted-pass', promoteExisting: false },
      });
      expect(result.outcome).toBe('exists');
      expect(result.user.email).toBe(email);
    }
    expect(await userTypeOf(email)).toBe('renter');
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await there.get('/api/me')).status).toBe(200);
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
    expect((await first.client.fork().signIn(email, 'attempted-pass')).status).toBe(401);
    expect(await resetMails(email)).toEqual([]);
  });

  it('with --promote-existing: admin, every session ended, the old password void, a reset link mailed', async () => {
    const { email, here, there } = await existingAccount();
    const [row] = await first.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error('no user');
    const before = await sessionCount(row.id); // sign-up's own session, and the two browsers
    expect(before).toBeGreaterThanOrEqual(2);

    const result = await makeAdmin({ ctx, input: { email, promoteExisting: true } });
    expect(result).toMatchObject({ outcome: 'promoted', wasAdmin: false, sessionsEnded: before });
    // The mail is stored by the time it returns (the CLI closes the database right after).
    const stored = await first.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(stored.map((m) => m.subject)).toContain('Reset your Stoop password');
    expect(result.outcome === 'promoted' && result.resetMailId).toBe(
      stored.find((m) => m.subject === 'Reset your Stoop password')?.id,
    );
    expect(await userTypeOf(email)).toBe('admin');
    expect(await sessionCount(row.id)).toBe(0);
    // Cached sessions drop on both instances.
    expect((await here.get('/api/me')).status).toBe(401);
    await vi.waitFor(async () => expect((await there.get('/api/me')).status).toBe(401), {
      timeout: 5000,
      interval: 50,
    });
    // Whoever registered the address first may know its password: it no longer works.
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(401);

    // Delivered by the mail job; its link sets a password for the admin.
    const mails = await vi.waitFor(
      async () => {
        const found = await resetMails(email);
        if (found.length !== 1) throw new Error(`${found.length} reset mails`);
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
    const link = new URL(mails[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
    expect(token).not.toBe('');
    const reset = await first.client
      .fork()
      .post('/api/auth/reset-password', { token, newPassword: 'admin-own-pass' });
    expect(reset.status).toBe(200);
    const admin = first.client.fork();
    expect((await admin.signIn(email, 'admin-own-pass')).status).toBe(200);
    const me = (await (await admin.get('/api/me')).json()) as { user: { userType: string } };
    expect(me.user.userType).toBe('admin');
  });

  it('never makes a suspended account an admin', async () => {
    const { email } = await existingAccount();
    await first.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, email));
    const result = await makeAdmin({ ctx, input: { email, promoteExisting: true } });
    expect(result.outcome).toBe('suspended');
    expect(await userTypeOf(email)).toBe('renter');
    expect(await resetMails(email)).toEqual([]);
  });
});
