import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertListing, saveSearch, scanNow, updateListing } from '../../test/alert-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { propertyRuns } from '../../test/property-runs.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Acceptance (issue 16): random sequences of listing creations, edits, price changes,
 * archivals and republishes and saved-search creations, edits and pauses, with a scan after some
 * steps, checked against a brute-force model. At every scan the alerts made are exactly the
 * model's: each new match matched its search right then, no listing is announced twice as new
 * per search, and every listing that started matching after the search's baseline is announced;
 * each price drop below the last rent seen is announced once.
 */

const { deps, db, client } = await createTestApp();
// Scans run only when a step says so: the model knows exactly what each one saw.
await deps.jobs.stop();
const landlord = await person(client, 'landlord');
const renter = await person(client, 'renter');

const HOODS = ['williamsburg', 'greenpoint', 'bushwick'] as const;
type Hood = (typeof HOODS)[number];
type ListingState = { id: string; hood: Hood; rent: number; beds: number; active: boolean };
type Query = { neighborhoods?: Hood[]; maxPrice?: number; bedrooms?: number };
type SearchState = { id: string; query: Query; paused: boolean; known: Map<string, number> };

const hood = fc.constantFrom(...HOODS);
const rent = fc.integer({ min: 8, max: 16 }).map((n) => n * 25_000); // $2,000-$4,000
const beds = fc.integer({ min: 0, max: 3 });
const query: fc.Arbitrary<Query> = fc.record(
  {
    neighborhoods: fc.uniqueArray(hood, { minLength: 1, maxLength: 3 }),
    maxPrice: fc.integer({ min: 12, max: 16 }).map((n) => n * 250),
    bedrooms: fc.integer({ min: 0, max: 1 }),
  },
  { requiredKeys: [] },
);
const pick = fc.nat({ max: 50 });

const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), hood, rent, beds }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), at: pick, hood, beds }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('price' as const), at: pick, rent }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('archive' as const), at: pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('republish' as const), at: pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('save' as const), query }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('edit-search' as const), at: pick, query }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('pause' as const), at: pick, paused: fc.boolean() }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('scan' as const) }), weight: 3 },
);

/** Every run starts with a saved search, so most of what follows can be news. */
const saveFirst = fc.record({ kind: fc.constant('save' as const), query });

function matches(q: Query, l: ListingState): boolean {
  return (
    l.active &&
    (q.neighborhoods === undefined || q.neighborhoods.includes(l.hood)) &&
    (q.maxPrice === undefined || l.rent <= q.maxPrice * 100) &&
    (q.bedrooms === undefined || l.beds >= q.bedrooms)
  );
}

/**
 * The model's baseline: what matches now becomes known at today's rent (a drop while the search
 * was paused or did not match is not news; the next one is measured from here).
 */
function baseline(search: SearchState, listings: ListingState[]) {
  for (const l of listings) if (matches(search.query, l)) search.known.set(l.id, l.rent);
}

type AlertKey = string;
const key = (kind: string, searchId: string, listingId: string, previous: number | null) =>
  `${kind} ${searchId} ${listingId} ${previous ?? '-'}`;

/** What a scan must announce now, and the model moved on as the scan does. */
function expectedScan(searches: SearchState[], listings: ListingState[]): AlertKey[] {
  const out: AlertKey[] = [];
  for (const search of searches) {
    if (search.paused) continue;
    for (const l of listings) {
      if (!matches(search.query, l)) continue;
      const last = search.known.get(l.id);
      if (last === undefined) out.push(key('new_match', search.id, l.id, null));
      else if (l.rent < last) out.push(key('price_drop', search.id, l.id, last));
      search.known.set(l.id, l.rent);
    }
  }
  return out.sort();
}

async function alertKeys(): Promise<Map<string, AlertKey>> {
  const result = await db.execute<{
    id: string;
    kind: string;
    saved_search_id: string;
    listing_id: string;
    previous_rent_cents: number | null;
  }>(sql`select id, kind, saved_search_id, listing_id, previous_rent_cents from alerts
    where user_id = ${renter.id} and saved_search_id is not null`);
  return new Map(
    result.rows.map((r) => [
      r.id,
      key(r.kind, r.saved_search_id, r.listing_id, r.previous_rent_cents),
    ]),
  );
}

async function reset() {
  await db.execute(sql`update listings set status = 'archived' where status = 'active'`);
  await db.execute(sql`delete from saved_searches where user_id = ${renter.id}`);
  await scanNow(deps);
}

describe('alerts against a brute-force model', () => {
  it('announce exactly what the model says, at every scan', async () => {
    const total = { new_match: 0, price_drop: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(saveFirst, fc.array(step, { minLength: 4, maxLength: 30 })),
        async ([first, steps]) => {
          await reset();
          const listings: ListingState[] = [];
          const searches: SearchState[] = [];
          const seen = new Set((await alertKeys()).keys());
          const announcedNew = new Set<string>();
          for (const s of [first, ...steps, { kind: 'scan' as const }]) {
            const listing = 'at' in s ? listings[s.at % Math.max(listings.length, 1)] : undefined;
            const search = 'at' in s ? searches[s.at % Math.max(searches.length, 1)] : undefined;
            switch (s.kind) {
              case 'create': {
                const id = await insertListing(db, landlord.id, {
                  neighborhood: s.hood,
                  rentCents: s.rent,
                  bedrooms: s.beds,
                });
                listings.push({ id, hood: s.hood, rent: s.rent, beds: s.beds, active: true });
                break;
              }
              case 'edit':
                if (!listing) break;
                await updateListing(db, listing.id, { neighborhood: s.hood, bedrooms: s.beds });
                Object.assign(listing, { hood: s.hood, beds: s.beds });
                break;
              case 'price':
                if (!listing) break;
                await updateListing(db, listing.id, { rentCents: s.rent });
                listing.rent = s.rent;
                break;
              case 'archive':
              case 'republish':
                if (!listing) break;
                listing.active = s.kind === 'republish';
                await updateListing(db, listing.id, {
                  status: listing.active ? 'active' : 'archived',
                });
                break;
              case 'save': {
                if (searches.length >= 5) break;
                const saved = await saveSearch(renter, { name: 'Property', query: s.query });
                const state = { id: saved.id, query: s.query, paused: false, known: new Map() };
                baseline(state, listings);
                searches.push(state);
                break;
              }
              case 'edit-search': {
                if (!search) break;
                const res = await renter.client.patch(`/api/saved-searches/${search.id}`, {
                  query: s.query,
                });
                expect(res.status).toBe(200);
                const changed =
                  JSON.stringify(sortKeys(s.query)) !== JSON.stringify(sortKeys(search.query));
                search.query = s.query;
                if (changed && !search.paused) baseline(search, listings);
                break;
              }
              case 'pause': {
                if (!search) break;
                const res = await renter.client.patch(`/api/saved-searches/${search.id}`, {
                  paused: s.paused,
                });
                expect(res.status).toBe(200);
                const resumed = search.paused && !s.paused;
                search.paused = s.paused;
                if (resumed) baseline(search, listings);
                break;
              }
              case 'scan': {
                await scanNow(deps);
                const all = await alertKeys();
                const made = [...all].filter(([id]) => !seen.has(id)).map(([, k]) => k);
                for (const id of all.keys()) seen.add(id);
                expect(made.sort()).toEqual(expectedScan(searches, listings));
                for (const k of made.filter((k) => k.startsWith('new_match'))) {
                  expect(announcedNew.has(k)).toBe(false);
                  announcedNew.add(k);
                }
                total.new_match += made.filter((k) => k.startsWith('new_match')).length;
                total.price_drop += made.filter((k) => k.startsWith('price_drop')).length;
                break;
              }
            }
          }
        },
      ),
      {
        numRuns: propertyRuns(150),
        // One run known to announce both kinds, so the check below holds however few random
        // runs a pass makes (the Debian pass makes a quarter of them).
        examples: [
          [
            [
              { kind: 'save', query: {} },
              [
                { kind: 'create', hood: HOODS[0], rent: 300_000, beds: 1 },
                { kind: 'scan' },
                { kind: 'price', at: 0, rent: 250_000 },
                { kind: 'scan' },
              ],
            ],
          ],
        ],
      },
    );
    // Not vacuous: the runs did announce both kinds.
    expect(total.new_match).toBeGreaterThan(0);
    expect(total.price_drop).toBeGreaterThan(0);
  }, 120_000);
});

function sortKeys(q: Query) {
  return Object.fromEntries(Object.entries(q).sort(([a], [b]) => a.localeCompare(b)));
}
