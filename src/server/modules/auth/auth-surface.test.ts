import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { type ApiClient, createTestApp, TEST_PASSWORD, uniqueEmail } from '../../test/test-app.ts';
import { AUTH_ENDPOINTS } from './auth.routes.ts';

/**
 * Issue 10 items 1 and 9: the auth surface is the six endpoints Stoop uses (decision 019). Every
 * other better-auth endpoint is a 404, and nothing under /api/auth changes a user's role, email,
 * verification state or anything `PATCH /api/me` would refuse.
 */
const { app, client, db, deps } = await createTestApp();

type UserRow = {
  user_type: string;
  email: string;
  email_verified: boolean;
  name: string;
  image: string | null;
};

async function userRow(email: string): Promise<UserRow> {
  const { rows } = await db.execute<UserRow>(
    sql`select user_type, email, email_verified, name, image from users where email = ${email}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function signedIn(userType: 'renter' | 'landlord' = 'renter') {
  const browser = client.fork();
  const { email } = await browser.signUp({ userType, name: 'Sam Surface' });
  return { browser, email };
}

/** Every field an attacker would like to set, with values `PATCH /api/me` would refuse. */
const HOSTILE_FIELDS = {
  userType: 'admin',
  role: 'admin',
  email: 'taken-over@stoop.test',
  newEmail: 'taken-over@stoop.test',
  emailVerified: true,
  name: 'x'.repeat(101),
  image: 'https://evil.example/x.png',
  callbackURL: 'https://evil.example/',
  newPassword: 'hijacked-password',
  currentPassword: TEST_PASSWORD,
  password: TEST_PASSWORD,
  token: 'guess',
  revokeOtherSessions: false,
};

/** better-auth's own endpoints, from the instance we mount: the walk grows with the library. */
function betterAuthEndpoints(): { path: string; methods: string[] }[] {
  const found = new Map<string, Set<string>>();
  for (const endpoint of Object.values(deps.auth.api) as unknown[]) {
    const { path, options } = endpoint as { path?: string; options?: { method?: unknown } };
    if (typeof path !== 'string') continue;
    const method = options?.method;
    const methods = Array.isArray(method) ? method : [typeof method === 'string' ? method : 'GET'];
    const set = found.get(path) ?? new Set<string>();
    for (const m of methods) if (m !== '*') set.add(String(m));
    set.add('GET');
    set.add('POST');
    found.set(path, set);
  }
  return [...found].map(([path, methods]) => ({ path, methods: [...methods] }));
}

/** Path parameters filled in, and the spellings a router might treat as the same path. */
function spellings(path: string): string[] {
  const filled = path.replace(/:[a-zA-Z]+/g, 'guess');
  const base = `/api/auth${filled}`;
  return [
    base,
    `${base}/`,
    base.replace('/api/auth/', '/api/auth//'),
    base.toUpperCase().replace('/API/AUTH', '/api/auth'),
    base.replace(/-/g, '%2D'),
    `${base}?userType=admin`,
  ];
}

describe('the auth surface', () => {
  it('refuses POST /api/auth/update-user: nobody makes themselves admin or landlord', async () => {
    const { browser, email } = await signedIn();
    const before = await userRow(email);
    for (const body of [
      { userType: 'admin' },
      { userType: 'landlord' },
      { name: 'y'.repeat(900_000) },
    ]) {
      const res = await browser.post('/api/auth/update-user', body);
      expect(res.status).toBe(404);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('NOT_FOUND');
    }
    const me = (await (await browser.get('/api/me')).json()) as { user: { userType: string } };
    expect(me.user.userType).toBe('renter');
    expect(await userRow(email)).toEqual(before);
    // And the renter still cannot create a listing or touch another's listing.
    expect((await browser.post('/api/listings', { title: 'Not mine to list' })).status).toBe(403);
    const landlord = client.fork();
    await landlord.signUp({ userType: 'landlord' });
    const listing = await publishListing(app, landlord);
    const featured = await browser.patch(`/api/listings/${listing.id}`, { featured: true });
    expect(featured.status).toBeGreaterThanOrEqual(403);
  });

  it('answers 404 for every better-auth endpoint Stoop does not use, in any spelling', async () => {
    const { browser } = await signedIn();
    const endpoints = betterAuthEndpoints();
    const paths = endpoints.map((e) => e.path);
    // The walk covers the dangerous ones (it would be empty if the library's shape changed).
    for (const dangerous of ['/update-user', '/get-session', '/change-email', '/delete-user']) {
      expect(paths).toContain(dangerous);
    }
    const allowed = new Set<string>(AUTH_ENDPOINTS);
    const answered: string[] = [];
    for (const { path, methods } of endpoints) {
      for (const url of spellings(path)) {
        for (const method of methods) {
          const res = await browser.request(
            method,
            url,
            method === 'GET' || method === 'HEAD' ? undefined : { userType: 'admin' },
          );
          if (res.status !== 404) answered.push(`${method} ${url}`);
        }
      }
    }
    // Only the six endpoints, exactly spelled, by POST, answer anything but 404.
    for (const line of answered) {
      const [method, url] = line.split(' ');
      expect(method, line).toBe('POST');
      // A query string or an escaped letter still reaches exactly that endpoint.
      const endpoint = decodeURIComponent((url ?? '').split('?')[0] ?? '').replace('/api/auth', '');
      expect(allowed.has(endpoint), line).toBe(true);
    }
  });

  it('no route under /api/auth changes role, email, verification or a refused field', async () => {
    const { browser, email } = await signedIn('landlord');
    const before = await userRow(email);
    const probes = betterAuthEndpoints().flatMap(({ path, methods }) =>
      spellings(path).flatMap((url) => methods.map((method) => ({ method, url }))),
    );
    for (const { method, url } of probes) {
      const body = method === 'GET' ? undefined : HOSTILE_FIELDS;
      const res = await browser.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      const after = await userRow(email);
      // change-password with the right current password legitimately changes the password
      // only (not a user field); everything on the user row stays.
      expect(after, `${method} ${url}`).toEqual(before);
      if (res.status === 200 && url.endsWith('/change-password')) {
        // The other sessions ended (always, issue 26) and this one goes on; change it back.
        await browser.post('/api/auth/change-password', {
          currentPassword: HOSTILE_FIELDS.newPassword,
          newPassword: TEST_PASSWORD,
        });
      }
      // Sign-out ends the session; sign back in so the rest of the walk is signed in.
      if ((await browser.get('/api/me')).status === 401) {
        expect((await browser.signIn(email)).status).toBe(200);
      }
    }
    // Sign-up with every hostile field: refused (admin), and with a chosen role, nothing extra.
    const hostileSignUp = await client.fork().post('/api/auth/sign-up/email', {
      ...HOSTILE_FIELDS,
      email: uniqueEmail('hostile'),
      name: 'Hostile Harry',
    });
    expect(hostileSignUp.status).toBe(400);
    const extraEmail = uniqueEmail('extra');
    const extras = await client.fork().post('/api/auth/sign-up/email', {
      ...HOSTILE_FIELDS,
      userType: 'renter',
      email: extraEmail,
      name: 'Extra Ellie',
    });
    expect(extras.status).toBe(200);
    expect(await userRow(extraEmail)).toEqual({
      user_type: 'renter',
      email: extraEmail,
      email_verified: false,
      name: 'Extra Ellie',
      image: null,
    });
    // A name PATCH /api/me would refuse is refused at sign-up too.
    const longName = await client.fork().post('/api/auth/sign-up/email', {
      email: uniqueEmail('long'),
      password: TEST_PASSWORD,
      name: 'n'.repeat(101),
      userType: 'renter',
    });
    expect(longName.status).toBe(400);
  });

  it('never returns the session token in a body', async () => {
    const browser = client.fork();
    const email = uniqueEmail('token');
    const signUp = await browser.post('/api/auth/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Tess Token',
      userType: 'renter',
    });
    const token = decodeURIComponent(
      /stoop\.session_token=([^;]+)/.exec(browser.cookie)?.[1] ?? '',
    ).split('.')[0];
    expect(token?.length).toBeGreaterThan(10);
    const bodies = [
      await signUp.text(),
      await (await browser.signIn(email)).text(),
      await (await browser.get('/api/auth/get-session')).text(),
      await (await browser.post('/api/auth/get-session', {})).text(),
      await (await browser.get('/api/me')).text(),
      await (
        await browser.post('/api/auth/change-password', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'another-pass-1',
        })
      ).text(),
    ];
    for (const body of bodies) {
      expect(body).not.toContain(token);
      expect(body).not.toMatch(/"token"/);
    }
    expect((await browser.get('/api/auth/get-session')).status).toBe(404);
  });

  it('change-password needs a session and the current password, with the spec messages', async () => {
    const signedOut = await client.fork().post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'whatever-new',
    });
    expect(signedOut.status).toBe(401);
    const { browser, email } = await signedIn();
    const short = await browser.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: '123',
    });
    expect(short.status).toBe(400);
    expect(ErrorBodySchema.parse(await short.json()).error.message).toBe(
      'Password should be at least 6 characters.',
    );
    const wrong = await browser.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'whatever-new',
    });
    expect(wrong.status).toBe(401);
    expect((await client.fork().signIn(email)).status).toBe(200);
  });
});

describe('the origin check', () => {
  async function patchName(browser: ApiClient, origin: string) {
    return browser.request(
      'PATCH',
      '/api/me',
      { name: 'Origin Olly' },
      {
        origin,
        host: 'localhost:3000',
      },
    );
  }

  it('compares scheme, host and port with the site', async () => {
    const { browser } = await signedIn();
    expect((await patchName(browser, 'http://localhost:3000')).status).toBe(200);
    for (const origin of [
      'https://localhost:3000',
      'http://localhost:3001',
      'http://evil.example',
      'null',
    ]) {
      const res = await patchName(browser, origin);
      expect(res.status, origin).toBe(403);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('CROSS_ORIGIN');
    }
  });
});
