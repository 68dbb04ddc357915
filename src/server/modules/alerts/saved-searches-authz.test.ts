import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SavedSearchesSchema } from '../../../shared/schemas/saved-searches.ts';
import { savedSearches } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/auth.ts';
import { saveSearch } from '../../test/alert-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Every saved-search endpoint against five callers: the search's owner, another renter, a
 * landlord, an admin and nobody signed in. Saved searches are a renter's feature: landlords and
 * admins get 403, nobody 401, another renter exactly what an unknown id gets (404). Denied
 * callers go first, so a wrongful 2xx cannot hide behind the owner's own change.
 */

const { client, db } = await createTestApp();

type Actor = 'anonymous' | 'otherRenter' | 'landlord' | 'admin' | 'owner';
const owner = await person(client, 'renter');
const people: Record<Exclude<Actor, 'anonymous'>, Person> = {
  owner,
  otherRenter: await person(client, 'renter'),
  landlord: await person(client, 'landlord'),
  admin: await person(client, 'renter'),
};
await db.update(users).set({ userType: 'admin' }).where(eq(users.id, people.admin.id));
const ORDER: Actor[] = ['anonymous', 'otherRenter', 'landlord', 'admin', 'owner'];

type Answer = { status: number; message?: string };
const SIGNED_OUT: Answer = { status: 401, message: 'You need to sign in first.' };
const FORBIDDEN: Answer = {
  status: 403,
  message: 'You do not have permission to perform this action.',
};
const NOT_FOUND: Answer = { status: 404, message: 'Saved search not found' };

async function matrix(
  expected: Record<Actor, Answer>,
  request: () => { method: string; path: string; body?: unknown },
) {
  const got: Partial<Record<Actor, Answer>> = {};
  for (const actor of ORDER) {
    const { method, path, body } = request();
    const browser = actor === 'anonymous' ? client.fork() : people[actor].client;
    const res = await browser.request(method, path, body);
    const text = await res.text();
    const message = text
      ? (JSON.parse(text) as { error?: { message: string } }).error?.message
      : undefined;
    got[actor] =
      expected[actor].message === undefined
        ? { status: res.status }
        : { status: res.status, message };
  }
  expect(got).toEqual(expected);
}

async function ownerSearches() {
  const res = await owner.client.get('/api/saved-searches');
  return SavedSearchesSchema.parse(await res.json()).items;
}

describe('saved searches authorization matrix', () => {
  it('GET /api/saved-searches: renters, each their own', async () => {
    const search = await saveSearch(owner, { name: 'Mine' });
    await matrix(
      {
        anonymous: SIGNED_OUT,
        otherRenter: { status: 200 },
        landlord: FORBIDDEN,
        admin: FORBIDDEN,
        owner: { status: 200 },
      },
      () => ({ method: 'GET', path: '/api/saved-searches' }),
    );
    const theirs = await people.otherRenter.client.get('/api/saved-searches');
    const items = SavedSearchesSchema.parse(await theirs.json()).items;
    expect(items.map((s) => s.id)).not.toContain(search.id);
  });

  it('POST /api/saved-searches: renters only', async () => {
    await matrix(
      {
        anonymous: SIGNED_OUT,
        otherRenter: { status: 201 },
        landlord: FORBIDDEN,
        admin: FORBIDDEN,
        owner: { status: 201 },
      },
      () => ({ method: 'POST', path: '/api/saved-searches', body: { name: 'New', query: {} } }),
    );
    expect(await db.$count(savedSearches, eq(savedSearches.userId, people.landlord.id))).toBe(0);
    expect(await db.$count(savedSearches, eq(savedSearches.userId, people.admin.id))).toBe(0);
  });

  it("PATCH /api/saved-searches/{id}: the owner only; another renter's is not found", async () => {
    const search = await saveSearch(owner, { name: 'Before' });
    await matrix(
      {
        anonymous: SIGNED_OUT,
        otherRenter: NOT_FOUND,
        landlord: FORBIDDEN,
        admin: FORBIDDEN,
        owner: { status: 200 },
      },
      () => ({
        method: 'PATCH',
        path: `/api/saved-searches/${search.id}`,
        body: { name: 'After' },
      }),
    );
    expect((await ownerSearches()).find((s) => s.id === search.id)?.name).toBe('After');
  });

  it("GET /api/saved-searches/{id}/matches: the owner only; another renter's is not found", async () => {
    const search = await saveSearch(owner, { name: 'Matches' });
    await matrix(
      {
        anonymous: SIGNED_OUT,
        otherRenter: NOT_FOUND,
        landlord: FORBIDDEN,
        admin: FORBIDDEN,
        owner: { status: 200 },
      },
      () => ({ method: 'GET', path: `/api/saved-searches/${search.id}/matches` }),
    );
  });

  it("DELETE /api/saved-searches/{id}: the owner only; another renter's is not found", async () => {
    const search = await saveSearch(owner, { name: 'Doomed' });
    await matrix(
      {
        anonymous: SIGNED_OUT,
        otherRenter: NOT_FOUND,
        landlord: FORBIDDEN,
        admin: FORBIDDEN,
        owner: { status: 204 },
      },
      () => ({ method: 'DELETE', path: `/api/saved-searches/${search.id}` }),
    );
    expect((await ownerSearches()).map((s) => s.id)).not.toContain(search.id);
  });

  it('an unknown id is not found for its would-be owner too', async () => {
    const res = await owner.client.get(`/api/saved-searches/${crypto.randomUUID()}/matches`);
    expect(res.status).toBe(404);
  });
});
