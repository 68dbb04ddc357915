import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_MAX_FAILURES } from '../../../shared/constants.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { signInFailures } from '../../db/schema/auth.ts';
import { type ApiClient, createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';

// Two app instances on one database, as behind a load balancer.
const first = await createTestApp();
const second = await createTestApp({ database: first.url });

/**
 * Retry-After of a lockout answered now: when the oldest failure, made after `firstFailureFrom`
 * (Date.now() before it was sent), leaves the window. Bounded by the clock readings around the
 * requests, not by a guess at how long they took (issue 48): a slow machine cannot fail it.
 */
function expectUnlockInAWindow(retryAfter: number, firstFailureFrom: number) {
  const sinceFirst = Date.now() - firstFailureFrom;
  expect(retryAfter).toBeGreaterThanOrEqual(
    Math.max(1, Math.floor((SIGN_IN_FAILURE_WINDOW_MS - sinceFirst) / 1000)),
  );
  expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURE_WINDOW_MS / 1000);
}

describe('brute-force lockout', () => {
  it('answers the 6th failed sign-in within 15 minutes with 429 and Retry-After', async () => {
    const { email } = await first.client.fork().signUp({});
    const firstFailure = Date.now();
    for (let attempt = 1; attempt <= SIGN_IN_MAX_FAILURES; attempt++) {
      const res = await first.client.fork().signIn(email, `wrong-${attempt}`);
      expect(res.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await first.client.fork().signIn(email, 'wrong-again');
    expect(locked.status).toBe(429);
    const body = ErrorBodySchema.parse(await locked.json());
    expect(body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many failed attempts. Please try again later.',
    });
    expectUnlockInAWindow(Number(locked.headers.get('retry-after')), firstFailure);

    // Even the right password waits: the lockout is for the account.
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(429);
  });

  it('counts failures across two instances on one database', async () => {
    const { email } = await first.client.fork().signUp({});
    const instances = [first, second];
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES; attempt++) {
      const instance = instances[attempt % 2] ?? first;
      expect((await instance.client.fork().signIn(email, 'nope-nope')).status).toBe(401);
    }
    expect((await second.client.fork().signIn(email, 'nope-nope')).status).toBe(429);
    expect((await first.client.fork().signIn(email, 'nope-nope')).status).toBe(429);
  });

  it('locks unknown emails the same way, so the lockout reveals nothing', async () => {
    const email = 'nobody-here@stoop.test';
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES; attempt++) {
      expect((await first.client.fork().signIn(email, 'guess-guess')).status).toBe(401);
    }
    expect((await first.client.fork().signIn(email, 'guess-guess')).status).toBe(429);
  });

  it('lets the account in again once the failures are older than the window', async () => {
    const { email } = await first.client.fork().signUp({});
    const old = new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS - 1000);
    await first.db
      .insert(signInFailures)
      .values(Array.from({ length: SIGN_IN_MAX_FAILURES + 3 }, () => ({ email, createdAt: old })));
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('judges at most 5 of 25 parallel wrong passwords, across two instances', async () => {
    const { email } = await first.client.fork().signUp({});
    const attempts = Array.from({ length: 25 }, (_, i) =>
      (i % 2 ? second : first).client.fork().signIn(email, `parallel-${i}`),
    );
    const statuses = (await Promise.all(attempts)).map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - SIGN_IN_MAX_FAILURES);
    // And the right password now waits too.
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(429);
  });

  it('a malformed sign-in does not use up an attempt', async () => {
    const { email } = await first.client.fork().signUp({});
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES + 2; attempt++) {
      const res = await first.client.fork().post('/api/auth/sign-in/email', { email });
      expect(res.status).toBe(400);
    }
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('fewer than 5 failures, then success, clears the count', async () => {
    const { email } = await first.client.fork().signUp({});
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES - 1; attempt++) {
      await first.client.fork().signIn(email, 'typo-typo');
    }
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES - 1; attempt++) {
      expect((await first.client.fork().signIn(email, 'typo-typo')).status).toBe(401);
    }
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('password change, guarded like sign-in (issue 26)', () => {
  /** A signed-up account and a browser signed in to it, as a thief holding its session. */
  async function hijacked() {
    const { email } = await first.client.fork().signUp({});
    const session = first.client.fork();
    expect((await session.signIn(email)).status).toBe(200);
    return { email, session };
  }

  const change = (browser: ApiClient, currentPassword: string, newPassword = 'taken-over-1') =>
    browser.post('/api/auth/change-password', { currentPassword, newPassword });

  it('counts wrong current passwords toward the lockout: the 6th answer is 429', async () => {
    const { email, session } = await hijacked();
    const firstFailure = Date.now();
    for (let attempt = 1; attempt <= SIGN_IN_MAX_FAILURES; attempt++) {
      const res = await change(session, `guess-${attempt}`);
      expect(res.status, `guess ${attempt}`).toBe(401);
      expect(ErrorBodySchema.parse(await res.json()).error.message).toBe('Incorrect password.');
    }
    const locked = await change(session, 'guess-again');
    expect(locked.status).toBe(429);
    expect(ErrorBodySchema.parse(await locked.json()).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many failed attempts. Please try again later.',
    });
    expectUnlockInAWindow(Number(locked.headers.get('retry-after')), firstFailure);
    // Locked means not checked: even the right password waits, and the password is unchanged.
    expect((await change(session, TEST_PASSWORD)).status).toBe(429);
    // It is the account's one lockout: sign-in waits too (on another instance as well).
    expect((await second.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(429);
    await first.db.delete(signInFailures).where(eq(signInFailures.email, email));
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('is locked by failed sign-ins too, across instances', async () => {
    const { email, session } = await hijacked();
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES; attempt++) {
      expect((await second.client.fork().signIn(email, 'wrong-wrong')).status).toBe(401);
    }
    const res = await change(session, TEST_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('judges at most 5 of 20 parallel guesses', async () => {
    const { session } = await hijacked();
    const statuses = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => change(session, `parallel-${i}`)))
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - SIGN_IN_MAX_FAILURES);
  });

  it('a correct change clears no earlier failures, so guessing gets no fresh start', async () => {
    const { email, session: owner } = await hijacked();
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES - 1; attempt++) {
      expect((await first.client.fork().signIn(email, 'thief-guess')).status).toBe(401);
    }
    // The 5th slot: a right password is not a failure, and it is given back.
    expect((await change(owner, TEST_PASSWORD, 'owner-new-pass')).status).toBe(200);
    expect((await first.client.fork().signIn(email, 'thief-guess')).status).toBe(401);
    expect((await first.client.fork().signIn(email, 'thief-guess')).status).toBe(429);
  });

  it('a malformed change uses up no attempt', async () => {
    const { email, session } = await hijacked();
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES + 2; attempt++) {
      expect((await change(session, TEST_PASSWORD, '123')).status).toBe(400);
    }
    expect((await first.client.fork().signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it("always signs the account's other sessions out, whatever the request asks", async () => {
    for (const revokeOtherSessions of [false, undefined]) {
      const { email, session: thief } = await hijacked();
      const owner = first.client.fork();
      expect((await owner.signIn(email)).status).toBe(200);
      const otherInstance = second.client.fork();
      expect((await otherInstance.signIn(email)).status).toBe(200);
      expect((await otherInstance.get('/api/me')).status).toBe(200);
      const res = await owner.post('/api/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'owner-changed-1',
        ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }),
      });
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).not.toMatch(/token/i);
      // The thief's session (and every other) is over, on both instances; the owner's goes on.
      expect((await thief.get('/api/me')).status).toBe(401);
      await vi.waitFor(async () => expect((await otherInstance.get('/api/me')).status).toBe(401), {
        timeout: 5000,
        interval: 50,
      });
      expect((await owner.get('/api/me')).status).toBe(200);
      const { rows } = await first.deps.database.pool.query(
        'select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1',
        [email],
      );
      expect(rows[0]?.n).toBe(1);
    }
  });
});
