import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  SAVED_SEARCHES_MAX,
  SavedSearchesSchema,
  SavedSearchMatchesSchema,
  SavedSearchSchema,
} from '../../../shared/schemas/saved-searches.ts';
import { savedSearches, savedSearchMatches } from '../../db/schema/alerts.ts';
import {
  insertListing,
  liveEvents,
  saveSearch,
  scanNow,
  updateListing,
} from '../../test/alert-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

const { deps, db, client } = await createTestApp();
const renter = await person(client, 'renter');
const landlord = await person(client, 'landlord');

async function list(who = renter) {
  const res = await who.client.get('/api/saved-searches');
  expect(res.status).toBe(200);
  return SavedSearchesSchema.parse(await res.json()).items;
}

async function matchRows(searchId: string) {
  const rows = await db
    .select()
    .from(savedSearchMatches)
    .where(eq(savedSearchMatches.savedSearchId, searchId));
  return new Map(rows.map((row) => [row.listingId, row.announced]));
}

async function matches(searchId: string, query = '') {
  const res = await renter.client.get(`/api/saved-searches/${searchId}/matches${query}`);
  expect(res.status).toBe(200);
  return SavedSearchMatchesSchema.parse(await res.json());
}

describe('saved searches', () => {
  it('creates one (201, id at the top level, alerts instant by default) and lists it', async () => {
    const res = await renter.client.post('/api/saved-searches', {
      name: 'Astoria under $3k',
      query: { neighborhoods: 'astoria', maxPrice: '3000', bedrooms: 1 },
    });
    expect(res.status).toBe(201);
    const search = SavedSearchSchema.parse(await res.json());
    expect(search).toMatchObject({
      name: 'Astoria under $3k',
      query: { neighborhoods: ['astoria'], maxPrice: 3000, bedrooms: 1 },
      alerts: 'instant',
      paused: false,
      newMatches: 0,
    });
    expect((await list()).map((s) => s.id)).toEqual([search.id]);
    expect(await liveEvents(db, renter.id, 'saved-searches.changed')).toHaveLength(1);
  });

  it('takes every listing matching at creation as the baseline: nobody is told of it', async () => {
    const old = await insertListing(db, landlord.id, { neighborhood: 'greenpoint' });
    const other = await insertListing(db, landlord.id, { neighborhood: 'bushwick' });
    const search = await saveSearch(renter, {
      name: 'Greenpoint',
      query: { neighborhoods: 'greenpoint' },
    });
    const rows = await matchRows(search.id);
    expect(rows.get(old)).toBe(false);
    expect(rows.has(other)).toBe(false);
    await scanNow(deps);
    expect((await matches(search.id)).items).toEqual([]);
    // A later match is announced, and counted as new until seen.
    const fresh = await insertListing(db, landlord.id, { neighborhood: 'greenpoint' });
    await scanNow(deps);
    const page = await matches(search.id);
    expect(page.items.map((m) => [m.listing.id, m.kind, m.isNew])).toEqual([
      [fresh, 'new_match', true],
    ]);
    const [listed] = (await list()).filter((s) => s.id === search.id);
    expect(listed?.newMatches).toBe(1);
    const seen = await renter.client.patch(`/api/saved-searches/${search.id}`, { seen: true });
    expect(SavedSearchSchema.parse(await seen.json()).newMatches).toBe(0);
    expect((await matches(search.id)).items.map((m) => m.isNew)).toEqual([false]);
  });

  it('renames, changes alerts, pauses and resumes; a query edit takes a new baseline', async () => {
    const search = await saveSearch(renter, {
      name: 'Bushwick',
      query: { neighborhoods: 'bushwick' },
    });
    const inRidgewood = await insertListing(db, landlord.id, { neighborhood: 'ridgewood' });
    await scanNow(deps);
    const res = await renter.client.patch(`/api/saved-searches/${search.id}`, {
      name: 'Bushwick or Ridgewood',
      query: { neighborhoods: 'bushwick,ridgewood' },
      alerts: 'daily',
    });
    expect(res.status).toBe(200);
    expect(SavedSearchSchema.parse(await res.json())).toMatchObject({
      name: 'Bushwick or Ridgewood',
      query: { neighborhoods: ['bushwick', 'ridgewood'] },
      alerts: 'daily',
    });
    // Already up when the search changed: baseline, not news.
    expect((await matchRows(search.id)).get(inRidgewood)).toBe(false);
    const paused = await renter.client.patch(`/api/saved-searches/${search.id}`, { paused: true });
    expect(SavedSearchSchema.parse(await paused.json()).paused).toBe(true);
    // Paused: not matched at all.
    const whilePaused = await insertListing(db, landlord.id, { neighborhood: 'ridgewood' });
    await scanNow(deps);
    expect((await matchRows(search.id)).has(whilePaused)).toBe(false);
    // Resumed: what matches now is the new baseline.
    await renter.client.patch(`/api/saved-searches/${search.id}`, { paused: false });
    expect((await matchRows(search.id)).get(whilePaused)).toBe(false);
    await scanNow(deps);
    expect((await matches(search.id)).items).toEqual([]);
  });

  it('pages matches newest first with a keyset cursor', async () => {
    const search = await saveSearch(renter, { name: 'Harlem', query: { neighborhoods: 'harlem' } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        await insertListing(db, landlord.id, { neighborhood: 'harlem', borough: 'manhattan' }),
      );
      await scanNow(deps);
    }
    const first = await matches(search.id, '?limit=2');
    expect(first.items.map((m) => m.listing.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await matches(
      search.id,
      `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.items.map((m) => m.listing.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    const bad = await renter.client.get(`/api/saved-searches/${search.id}/matches?cursor=nope`);
    expect(bad.status).toBe(400);
    // A listing taken down leaves the list.
    await updateListing(db, ids[2] as string, { status: 'archived' });
    expect((await matches(search.id)).items.map((m) => m.listing.id)).toEqual([ids[1], ids[0]]);
  });

  it('deletes (204), then the id is unknown (404)', async () => {
    const search = await saveSearch(renter, { name: 'To delete' });
    const res = await renter.client.request('DELETE', `/api/saved-searches/${search.id}`);
    expect(res.status).toBe(204);
    const again = await renter.client.request('DELETE', `/api/saved-searches/${search.id}`);
    expect(again.status).toBe(404);
    expect(ErrorBodySchema.parse(await again.json()).error).toMatchObject({
      code: 'SAVED_SEARCH_NOT_FOUND',
      message: 'Saved search not found',
    });
  });

  it('refuses bad input with 400 and the schema message, changing nothing', async () => {
    const before = await db.$count(savedSearches);
    const cases: [unknown, string][] = [
      [{ name: '', query: {} }, 'Name the search.'],
      [{ name: 'x'.repeat(81), query: {} }, 'Name must be at most 80 characters.'],
      [{ name: 'A', query: {}, alerts: 'hourly' }, 'Alerts are instant, daily or off.'],
      [
        { name: 'A', query: { minPrice: 4000, maxPrice: 3000 } },
        'Minimum price cannot be above the maximum price.',
      ],
      [{ name: 'A', query: {}, extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await renter.client.post('/api/saved-searches', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ErrorBodySchema.parse(await res.json()).error;
      expect(error.code).toBe('VALIDATION_ERROR');
      if (message) expect(error.message).toBe(message);
    }
    const search = await saveSearch(renter, { name: 'Keep me' });
    for (const body of [{}, { seen: false }, { paused: 'yes' }, { name: '' }]) {
      const res = await renter.client.patch(`/api/saved-searches/${search.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await renter.client.patch('/api/saved-searches/not-a-uuid', { name: 'B' });
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(await bad.json()).error.message).toBe(
      'Invalid saved search ID format',
    );
    expect(await db.$count(savedSearches)).toBe(before + 1);
    expect((await list()).find((s) => s.id === search.id)?.name).toBe('Keep me');
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per renter (409), also when created at once`, async () => {
    const busy = await person(client, 'renter');
    await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 3 }, (_, i) =>
        busy.client.post('/api/saved-searches', { name: `Search ${i}`, query: {} }),
      ),
    );
    expect(await db.$count(savedSearches, eq(savedSearches.userId, busy.id))).toBe(
      SAVED_SEARCHES_MAX,
    );
    const res = await busy.client.post('/api/saved-searches', { name: 'One more', query: {} });
    expect(res.status).toBe(409);
    expect(ErrorBodySchema.parse(await res.json()).error).toMatchObject({
      code: 'SAVED_SEARCH_LIMIT',
      message: 'You can keep up to 25 saved searches. Delete one to save another.',
    });
    // Another renter is not affected.
    await saveSearch(renter, { name: 'Still fine' });
  });

  it('stores the query with bounds as numbers and answers it back', async () => {
    const search = await saveSearch(renter, {
      name: 'Map area',
      query: { bounds: '40.70,-73.97,40.73,-73.94', q: 'sunny' },
    });
    expect(search.query).toMatchObject({ bounds: [40.7, -73.97, 40.73, -73.94], q: 'sunny' });
    const stored = await db.execute<{ query: unknown }>(
      sql`select query from saved_searches where id = ${search.id}`,
    );
    expect(stored.rows[0]?.query).toMatchObject({ bounds: [40.7, -73.97, 40.73, -73.94] });
  });
});
