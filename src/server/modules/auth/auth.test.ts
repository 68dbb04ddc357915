import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MeResponseSchema, SessionResponseSchema } from '../../../shared/schemas/auth.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { users } from '../../db/schema/auth.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../../test/test-app.ts';

const { app, db, client, deps } = await createTestApp();

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json()).error;
}

describe('sign-up', () => {
  it('creates a renter or a landlord, signs them in, and /api/me tells the userType', async () => {
    for (const userType of ['renter', 'landlord'] as const) {
      const browser = client.fork();
      const email = uniqueEmail(userType);
      const res = await browser.post('/api/auth/sign-up/email', {
        email,
        password: TEST_PASSWORD,
        name: 'Ada Lovelace',
        userType,
      });
      expect(res.status).toBe(200);
      const me = MeResponseSchema.parse(await (await browser.get('/api/me')).json());
      expect(me.user).toMatchObject({ email, userType, name: 'Ada Lovelace' });
    }
  });

  it.each([
    ['admin', 'admin'],
    ['a bogus type', 'superuser'],
    ['no type', undefined],
  ])('refuses %s with 400 and creates nothing', async (_label, userType) => {
    const email = uniqueEmail();
    const res = await client.fork().post('/api/auth/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Mallory',
      userType,
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Please choose renter or landlord.');
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('answers a taken email with the email-in-use code, whatever its case', async () => {
    const { email } = await client.fork().signUp({});
    const res = await client.fork().post('/api/auth/sign-up/email', {
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
      name: 'Twin',
      userType: 'renter',
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'EMAIL_IN_USE',
      message: 'An account with this email already exists.',
    });
  });

  it('answers a 5-character password with the weak-password code', async () => {
    const res = await client.fork().post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: '12345',
      name: 'Short',
      userType: 'renter',
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('WEAK_PASSWORD');
    expect(error.message).toBe('Password should be at least 6 characters.');
  });

  it('answers a malformed email with the spec message', async () => {
    const res = await client.fork().post('/api/auth/sign-up/email', {
      email: 'not-an-email',
      password: TEST_PASSWORD,
      name: 'Nobody',
      userType: 'renter',
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'INVALID_EMAIL',
      message: 'Please enter a valid email address.',
    });
  });

  it('keeps VALIDATION_ERROR for other password problems, like an empty sign-in password', async () => {
    const res = await client.fork().post('/api/auth/sign-in/email', {
      email: uniqueEmail(),
      password: '',
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter your password.',
    });
  });

  it('accepts a 6-character password (the spec minimum)', async () => {
    const res = await client.fork().post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: '123456',
      name: 'Six',
      userType: 'renter',
    });
    expect(res.status).toBe(200);
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const { email } = await client.fork().signUp({});
    const { rows } = await deps.database.pool.query<{ password: string }>(
      'select a.password from accounts a join users u on u.id = a.user_id where u.email = $1',
      [email],
    );
    expect(rows[0]?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('sign-in and sessions', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie, and keeps the token out of the body', async () => {
    const { email } = await client.fork().signUp({});
    const browser = client.fork();
    const res = await browser.signIn(email);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body.user).toMatchObject({ email });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('stoop.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/); // plain http locally; Secure behind https
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('gives one answer for an unknown email and a wrong password', async () => {
    const { email } = await client.fork().signUp({});
    const wrong = await client.fork().signIn(email, 'wrong-password');
    const unknown = await client.fork().signIn(uniqueEmail('ghost'), 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect password.',
    });
    expect(await errorOf(unknown)).toEqual(await errorOf(await client.fork().signIn(email, 'x')));
  });

  it('signs out: the session cookie stops working', async () => {
    const browser = client.fork();
    await browser.signUp({});
    const cookie = browser.cookie;
    expect((await browser.post('/api/auth/sign-out')).status).toBe(200);
    const stale = await app.request('/api/me', { headers: { cookie } });
    expect(stale.status).toBe(401);
  });

  it('does not sign out on GET: no state changes on a safe method', async () => {
    const browser = client.fork();
    await browser.signUp({});
    const res = await browser.get('/api/auth/sign-out');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await browser.get('/api/me')).status).toBe(200);
  });
});

describe('/api/session', () => {
  it('answers a visitor 200 with user null (no failed request in the console), uncached', async () => {
    const res = await client.fork().get('/api/session');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(SessionResponseSchema.parse(await res.json())).toEqual({ user: null });
    const forged = await app.request('/api/session', {
      headers: { cookie: 'stoop.session_token=forged.value' },
    });
    expect(SessionResponseSchema.parse(await forged.json())).toEqual({ user: null });
  });

  it('answers a signed-in user with what /api/me says, and null after sign-out', async () => {
    const browser = client.fork();
    const { email } = await browser.signUp({ userType: 'landlord' });
    const session = SessionResponseSchema.parse(await (await browser.get('/api/session')).json());
    const me = MeResponseSchema.parse(await (await browser.get('/api/me')).json());
    expect(session.user).toEqual(me.user);
    expect(session.user).toMatchObject({ email, userType: 'landlord' });
    await browser.post('/api/auth/sign-out');
    expect(SessionResponseSchema.parse(await (await browser.get('/api/session')).json())).toEqual({
      user: null,
    });
  });
});

describe('/api/me', () => {
  it('is 401 signed out, with the one error shape', async () => {
    const res = await client.fork().get('/api/me');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED');
  });

  it('is 401 with a forged session cookie', async () => {
    const res = await app.request('/api/me', {
      headers: { cookie: 'stoop.session_token=forged.value' },
    });
    expect(res.status).toBe(401);
  });

  it('renames the signed-in user only, with validation', async () => {
    const browser = client.fork();
    await browser.signUp({ name: 'Before' });
    const other = client.fork();
    const { email: otherEmail } = await other.signUp({ name: 'Other' });

    const bad = await browser.patch('/api/me', { name: '   ' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Please enter your name.');

    const ok = await browser.patch('/api/me', { name: '  After  ' });
    expect(ok.status).toBe(200);
    expect(MeResponseSchema.parse(await ok.json()).user.name).toBe('After');
    const [untouched] = await db.select().from(users).where(eq(users.email, otherEmail));
    expect(untouched?.name).toBe('Other');

    expect((await client.fork().patch('/api/me', { name: 'Anon' })).status).toBe(401);
  });
});

describe('cross-origin requests', () => {
  it('refuses a POST from a foreign Origin with 403 and changes nothing', async () => {
    const email = uniqueEmail('csrf');
    const res = await client
      .fork()
      .post(
        '/api/auth/sign-up/email',
        { email, password: TEST_PASSWORD, name: 'Eve', userType: 'renter' },
        { origin: 'http://evil.example' },
      );
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('CROSS_ORIGIN');
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a foreign-origin sign-out and PATCH for a signed-in browser', async () => {
    const browser = client.fork();
    await browser.signUp({ name: 'Victim' });
    const evil = { origin: 'http://evil.example' };
    expect((await browser.post('/api/auth/sign-out', {}, evil)).status).toBe(403);
    expect((await browser.patch('/api/me', { name: 'Pwned' }, evil)).status).toBe(403);
    const me = MeResponseSchema.parse(await (await browser.get('/api/me')).json());
    expect(me.user.name).toBe('Victim');
  });

  it('refuses a cross-site request without Origin, and accepts its own origin', async () => {
    const crossSite = await client
      .fork()
      .post(
        '/api/auth/sign-in/email',
        { email: uniqueEmail(), password: 'whatever1' },
        { 'sec-fetch-site': 'cross-site' },
      );
    expect(crossSite.status).toBe(403);
    const browser = client.fork();
    const res = await browser.post(
      '/api/auth/sign-up/email',
      { email: uniqueEmail(), password: TEST_PASSWORD, name: 'Local', userType: 'renter' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(res.status).toBe(200);
  });
});

it('keeps working after the checks above: the app is still healthy', async () => {
  expect((await app.request('/api/health')).status).toBe(200);
});
