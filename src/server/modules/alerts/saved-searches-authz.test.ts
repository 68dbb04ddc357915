import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SavedSearchesSchema } from '../../../shared/schemas/saved-searches.ts';
import { savedSearches } from '../../db/schema/alerts.ts';
import { saveSearch } from '../../test/alert-fixtures.ts';
import { type Answer, authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Every saved-search endpoint against five callers: the search's owner, another renter, a
 * landlord, an admin and nobody signed in. Saved searches are a renter's feature: landlords and
 * admins get 403, nobody 401, another renter exactly what an unknown id gets (404).
 */

const { client, db } = await createTestApp();

const people = await signUpCast(client, db, {
  owner: 'renter',
  otherRenter: 'renter',
  landlord: 'landlord',
  admin: 'admin',
});
const { owner } = people;
const matrix = authzMatrix({ client, seats: { signedOut: SIGNED_OUT, ...people } });

const SIGNED_IN_FIRST: Answer = { status: 401, message: 'You need to sign in first.' };
const FORBIDDEN: Answer = {
  status: 403,
  message: 'You do not have permission to perform this action.',
};
const NOT_FOUND: Answer = { status: 404, message: 'Saved search not found' };
/** The owner only; another renter's is not found. */
const OWNER_ONLY = (status: number) => ({
  signedOut: SIGNED_IN_FIRST,
  otherRenter: NOT_FOUND,
  landlord: FORBIDDEN,
  admin: FORBIDDEN,
  owner: status,
});

async function ownerSearches() {
  const res = await owner.client.get('/api/saved-searches');
  return SavedSearchesSchema.parse(await res.json()).items;
}

describe('saved searches authorization matrix', () => {
  matrix.row({
    name: 'GET /api/saved-searches: renters, each their own',
    setup: () => saveSearch(owner, { name: 'Mine' }),
    expect: {
      signedOut: SIGNED_IN_FIRST,
      otherRenter: 200,
      landlord: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 200,
    },
    request: () => ({ method: 'GET', path: '/api/saved-searches' }),
    after: async (search) => {
      const theirs = await people.otherRenter.client.get('/api/saved-searches');
      const items = SavedSearchesSchema.parse(await theirs.json()).items;
      expect(items.map((s) => s.id)).not.toContain(search.id);
    },
  });

  matrix.row({
    name: 'POST /api/saved-searches: renters only',
    expect: {
      signedOut: SIGNED_IN_FIRST,
      otherRenter: 201,
      landlord: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 201,
    },
    request: () => ({
      method: 'POST',
      path: '/api/saved-searches',
      body: { name: 'New', query: {} },
    }),
    after: async () => {
      expect(await db.$count(savedSearches, eq(savedSearches.userId, people.landlord.id))).toBe(0);
      expect(await db.$count(savedSearches, eq(savedSearches.userId, people.admin.id))).toBe(0);
    },
  });

  matrix.row({
    name: "PATCH /api/saved-searches/{id}: the owner only; another renter's is not found",
    setup: () => saveSearch(owner, { name: 'Before' }),
    expect: OWNER_ONLY(200),
    request: (search) => ({
      method: 'PATCH',
      path: `/api/saved-searches/${search.id}`,
      body: { name: 'After' },
    }),
    after: async (search) => {
      expect((await ownerSearches()).find((s) => s.id === search.id)?.name).toBe('After');
    },
  });

  matrix.row({
    name: "GET /api/saved-searches/{id}/matches: the owner only; another renter's is not found",
    setup: () => saveSearch(owner, { name: 'Matches' }),
    expect: OWNER_ONLY(200),
    request: (search) => ({ method: 'GET', path: `/api/saved-searches/${search.id}/matches` }),
  });

  matrix.row({
    name: "DELETE /api/saved-searches/{id}: the owner only; another renter's is not found",
    setup: () => saveSearch(owner, { name: 'Doomed' }),
    expect: OWNER_ONLY(204),
    request: (search) => ({ method: 'DELETE', path: `/api/saved-searches/${search.id}` }),
    after: async (search) => {
      expect((await ownerSearches()).map((s) => s.id)).not.toContain(search.id);
    },
  });

  it('an unknown id is not found for its would-be owner too', async () => {
    const res = await owner.client.get(`/api/saved-searches/${crypto.randomUUID()}/matches`);
    expect(res.status).toBe(404);
  });
});
