import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import { ListingPageSchema } from '../../../shared/schemas/listing-responses.ts';
import { listings } from '../../db/schema/listings.ts';
import { stableUuid } from '../../seed/seed-listings.ts';
import { createTestApp } from '../../test/test-app.ts';
import { matchingListingIds, matchSavedSearches } from './listings.service.ts';

/*
 * Saved-search matching (for alerts) gives exactly what GET /api/listings finds for the same
 * filters: over every listing at once, over a few, and inside a transaction.
 */
const { db, client, deps } = await createTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const me = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };
const ctx = { db, listingSearch: deps.listingSearch };

const HOODS = NEIGHBORHOODS.filter((_, i) => i % 7 === 0);
const rows = Array.from({ length: 90 }, (_, i) => {
  const hood = HOODS[i % HOODS.length] as (typeof HOODS)[number];
  return {
    id: stableUuid(`match-test-${i}`),
    landlordId: me.user.id,
    status: i % 10 === 9 ? 'draft' : 'active',
    title: `${i % 4 === 0 ? 'Terrace' : 'Quiet'} home ${i}`,
    description: 'Nice place.',
    address: `${i} Match St`,
    neighborhood: hood.slug,
    borough: hood.borough,
    // Spread around the neighborhood centre; a third without coordinates (the centre then).
    lat: i % 3 === 0 ? null : hood.lat + ((i % 5) - 2) * 0.004,
    lng: i % 3 === 0 ? null : hood.lng + ((i % 7) - 3) * 0.004,
    showExactLocation: i % 2 === 0,
    rentCents: 200_000 + (i % 6) * 50_000,
    bedrooms: i % 4,
    bathrooms: 1 + (i % 2),
    availableFrom: '2026-12-01',
    leaseTermMonths: 12,
    pets: 'cats' as const,
    laundry: 'in_unit' as const,
    amenities: i % 3 === 1 ? ['doorman' as const] : [],
    publishedAt: new Date(Date.UTC(2026, 9, 1, 12, i)),
  };
});
await db.insert(listings).values(rows);
const ids = rows.map((r) => r.id);

const williamsburg = NEIGHBORHOODS.find((n) => n.slug === 'williamsburg');
const QUERIES: [string, SearchFilters][] = [
  ['everything', {}],
  ['text', { q: 'terrace' }],
  ['price and bedrooms', { minPrice: 2500, maxPrice: 3500, bedrooms: 2 }],
  ['amenity and borough', { amenities: ['doorman'], boroughs: ['manhattan', 'brooklyn'] }],
  ['Manhattan below 14th st', { bounds: [40.7, -74.02, 40.74, -73.97] }],
  [
    'a triangle',
    {
      polygon: [
        [40.6, -74.05],
        [40.85, -73.99],
        [40.65, -73.8],
      ],
    },
  ],
  ['text inside a box', { q: 'quiet', bounds: [40.5, -74.3, 40.95, -73.9] }],
  ['nothing', { q: 'xylophonic' }],
];

/** Every id GET /api/listings answers for the filters, paged to the end. */
async function apiIds(filters: SearchFilters): Promise<string[]> {
  const params = new URLSearchParams({ limit: '50', exact: '1' });
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'bounds' || key === 'polygon')
      params.set(key, (value as unknown[]).flat().join(','));
    else params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const found: string[] = [];
  for (let cursor: string | null = null, page = 0; page < 20; page++) {
    if (cursor) params.set('cursor', cursor);
    const res = await client.get(`/api/listings?${params}`);
    expect(res.status).toBe(200);
    const body = ListingPageSchema.parse(await res.json());
    found.push(...body.items.map((item) => item.id));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return found.sort();
}

describe('matching saved searches against listings', () => {
  it('has listings in and out of every query', async () => {
    expect(williamsburg).toBeDefined();
    for (const [label, filters] of QUERIES.slice(1, -1)) {
      const found = await apiIds(filters);
      expect(found.length, label).toBeGreaterThan(0);
      expect(found.length, label).toBeLessThan(81);
    }
  });

  it('matches what search finds, over all listings, a few, and one query at a time', async () => {
    const queries = QUERIES.map(([key, query]) => ({ key, query }));
    const all = await matchSavedSearches({ ctx, input: { listingIds: ids, queries } });
    const some = ids.filter((_, i) => i % 4 === 1);
    const few = await matchSavedSearches({ ctx, input: { listingIds: some, queries } });
    expect([...all.keys()]).toEqual(QUERIES.map(([key]) => key));
    for (const [key, filters] of QUERIES) {
      const want = await apiIds(filters);
      expect([...(all.get(key) ?? [])].sort(), key).toEqual(want);
      // In the order given, only those given.
      expect(few.get(key), key).toEqual(some.filter((id) => want.includes(id)));
      expect((await matchingListingIds({ ctx, input: filters })).sort(), key).toEqual(want);
    }
  });

  it('never matches a listing that is not public, and sees a transaction’s own writes', async () => {
    const draft = rows.find((r) => r.status === 'draft')?.id as string;
    const queries = [{ key: 'all', query: {} }];
    const before = await matchSavedSearches({ ctx, input: { listingIds: [draft], queries } });
    expect(before.get('all')).toEqual([]);
    await db
      .transaction(async (tx) => {
        await tx.update(listings).set({ status: 'active' }).where(eq(listings.id, draft));
        const inside = await matchSavedSearches({
          ctx: { ...ctx, db: tx },
          input: { listingIds: [draft], queries },
        });
        expect(inside.get('all')).toEqual([draft]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    const none = await matchSavedSearches({ ctx, input: { listingIds: [], queries } });
    expect(none.get('all')).toEqual([]);
  });
});
