import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_MAX_FAILURES } from '../../../shared/constants.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { signInFailures } from '../../db/schema/auth.ts';
import { createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';

// Two app instances on one database, as behind a load balancer.
const first = await createTestApp();
const second = await createTestApp({ database: first.url });

describe('brute-force lockout', () => {
  it('answers the 6th failed sign-in within 15 minutes with 429 and Retry-After', async () => {
    const { email } = await first.client.fork().signUp({});
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
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(SIGN_IN_FAILURE_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURE_WINDOW_MS / 1000);

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
