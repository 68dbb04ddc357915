import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { privateByDefault, publicCache } from './lib/no-store.ts';
import { adminPerson } from './test/admin-fixtures.ts';
import { publishListing } from './test/listing-fixtures.ts';
import { openConversation, type Person, person } from './test/messaging-fixtures.ts';
import { createTestApp } from './test/test-app.ts';

/*
 * Issue 26 item 7: every /api answer is `Cache-Control: no-store` unless its route declares that
 * it is the same for everyone; set once for the /api router, not route by route.
 */

const { app, db, client } = await createTestApp();
const renter = await person(client, 'renter');
const landlord = await person(client, 'landlord');
const admin = await adminPerson(client, db);
const listing = await publishListing(app, landlord.client);
const conversation = await openConversation(renter, landlord, listing.id);
const visitor: Person = { client: client.fork(), id: '', email: '', name: 'visitor' };
const people = { renter, landlord, admin, visitor };

const privateAnswers: [who: keyof typeof people, path: string, status: number][] = [
  ['renter', '/api/me', 200],
  ['landlord', '/api/me', 200],
  ['landlord', '/api/landlord/profile', 200],
  ['landlord', '/api/landlord/stats', 200],
  ['renter', '/api/renter/dashboard', 200],
  ['landlord', '/api/billing/subscription', 200],
  ['landlord', '/api/billing/invoices', 200],
  ['renter', '/api/saved-listings', 200],
  ['renter', '/api/conversations', 200],
  ['renter', `/api/conversations/${conversation.id}`, 200],
  ['renter', '/api/tours', 200],
  ['renter', '/api/saved-searches', 200],
  ['admin', '/api/admin/users', 200],
  // The listing answer differs for its landlord (the whole address) and everyone else.
  ['landlord', `/api/listings/${listing.id}`, 200],
  ['renter', `/api/listings/${listing.id}`, 200],
  ['renter', '/api/listings', 200],
  ['visitor', '/api/session', 200],
  // Errors, refusals and unknown paths alike.
  ['visitor', '/api/me', 401],
  ['renter', '/api/landlord/stats', 403],
  ['renter', `/api/conversations/${randomUUID()}`, 404],
  ['renter', '/api/no-such-thing', 404],
  ['visitor', '/api/openapi.json', 200],
  ['visitor', '/api/health', 200],
];

describe('private by default', () => {
  it.each(privateAnswers)('%s GET %s (%i): no-store', async (who, path, status) => {
    const res = await people[who].client.get(path);
    expect(res.status, await res.clone().text()).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('covers answers a handler makes itself (better-auth sign-in) and writes', async () => {
    const browser = client.fork();
    const { email } = await browser.signUp({});
    const signIn = await client.fork().signIn(email);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const named = await renter.client.patch('/api/me', { name: 'Rita Renamed' });
    expect(named.status).toBe(200);
    expect(named.headers.get('cache-control')).toBe('no-store');
  });
});

describe('public routes declare their caching', () => {
  it.each([
    ['/api/config', 'public, max-age=300'],
    ['/api/billing/plans', 'public, max-age=300'],
    ['/api/neighborhoods', 'public, max-age=3600'],
  ])('GET %s keeps %s, signed in or not', async (path, cacheControl) => {
    for (const as of [visitor, renter, landlord]) {
      const res = await as.client.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(cacheControl);
    }
  });
});

describe('the mechanism', () => {
  const router = new Hono<AppEnv>()
    .use(privateByDefault)
    .get('/public', publicCache(60), (c) => c.json({ ok: true }))
    .get('/public-failing', publicCache(60), (c) => c.json({ ok: false }, 500))
    .get('/own-response', () => new Response('made by hand'))
    .get('/own-header', () => new Response('stream', { headers: { 'Cache-Control': 'no-cache' } }));

  it.each([
    ['/public', 'public, max-age=60'],
    ['/public-failing', 'no-store'],
    ['/own-response', 'no-store'],
    ['/own-header', 'no-cache'],
  ])('%s: %s', async (path, cacheControl) => {
    const res = await router.request(path);
    expect(res.headers.get('cache-control')).toBe(cacheControl);
  });
});
