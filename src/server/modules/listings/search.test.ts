import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Amenity, type Laundry, type Pets, petsAllow } from '../../../shared/listings.ts';
import { mapPosition } from '../../../shared/map-position.ts';
import { NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { BOUNDS_MESSAGE, POLYGON_MESSAGE } from '../../../shared/schemas/listing-queries.ts';
import {
  ListingPageSchema,
  type ListingSummary,
} from '../../../shared/schemas/listing-responses.ts';
import { listingBoosts } from '../../db/schema/billing.ts';
import { listings } from '../../db/schema/listings.ts';
import { stableUuid } from '../../seed/seed-listings.ts';
import { seededRandom } from '../../test/listing-data.ts';
import { testJpeg, uploadPhoto } from '../../test/listing-fixtures.ts';
import { type ApiClient, createTestApp } from '../../test/test-app.ts';
import { pruneListingChanges } from './listing-search.ts';

const { app, db, client, url } = await createTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const me = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };

/**
 * A few hundred listings with deliberately few distinct prices and publish times, so many
 * rows tie on the sort key and paging must rely on the id tiebreaker.
 */
type Row = typeof listings.$inferInsert & {
  id: string;
  status: string;
  rentCents: number;
  bedrooms: number;
  bathrooms: number;
  neighborhood: string;
  borough: string;
  amenities: Amenity[];
  pets: Pets;
  laundry: Laundry;
  availableFrom: string;
  publishedAt: Date;
};

const { rand, pick } = seededRandom(42);
const HOODS = NEIGHBORHOODS.filter((_, i) => i % 9 === 0);
const AMENITY_POOL: Amenity[] = ['doorman', 'elevator', 'dishwasher', 'gym', 'roof-deck'];
const TIMES = [0, 1, 2, 3, 4].map((d) => new Date(Date.UTC(2026, 9, 1 + d, 12)));

const rows: Row[] = Array.from({ length: 320 }, (_, i) => {
  const hood = pick(HOODS);
  const status =
    i % 11 === 0 ? 'draft' : i % 13 === 0 ? 'archived' : i % 17 === 0 ? 'rented' : 'active';
  return {
    id: stableUuid(`search-test-${i}`),
    landlordId: me.user.id,
    status,
    // "Skyline" marks a known subset for text search; no other text shares its letters' stem.
    title: `${i % 7 === 0 ? 'Skyline' : pick(['Sunny', 'Quiet', 'Bright'])} home ${i}`,
    description: i % 10 === 3 ? 'Fireplace and exposed brick throughout.' : 'Nice place.',
    address: `${100 + i} Test St`,
    neighborhood: hood.slug,
    borough: hood.borough,
    // Around the neighborhood's centre; half show the exact spot, the rest the rounded one.
    lat: hood.lat + (rand() - 0.5) * 0.02,
    lng: hood.lng + (rand() - 0.5) * 0.02,
    showExactLocation: rand() < 0.5,
    rentCents: pick([200_000, 250_000, 300_000, 350_000, 400_000]),
    bedrooms: pick([0, 1, 2, 3]),
    bathrooms: pick([1, 1.5, 2]),
    availableFrom: pick(['2026-11-01', '2026-12-01', '2027-01-15']),
    leaseTermMonths: 12,
    pets: pick(['none', 'cats', 'dogs', 'cats_and_dogs'] as const),
    laundry: pick(['in_unit', 'in_building', 'none'] as const),
    amenities: AMENITY_POOL.filter(() => rand() < 0.4),
    publishedAt: pick(TIMES),
  };
});
for (let start = 0; start < rows.length; start += 100) {
  await db.insert(listings).values(rows.slice(start, start + 100));
}
const active = rows.filter((r) => r.status === 'active');

type Query = {
  q?: string;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  bathrooms?: number;
  amenities?: Amenity[];
  neighborhoods?: string[];
  boroughs?: string[];
  pets?: ('cats' | 'dogs')[];
  laundry?: Laundry[];
  availableBy?: string;
  bounds?: [number, number, number, number];
  polygon?: [number, number][];
  sort?: 'newest' | 'price_asc' | 'price_desc';
};

/** Inside the ring by the textbook even-odd ray cast (no listing sits on these edges). */
function insideRing(ring: [number, number][], y: number, x: number) {
  let inside = false;
  ring.forEach(([ay, ax], i) => {
    const [by, bx] = ring[(i + 1) % ring.length] as [number, number];
    if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
  });
  return inside;
}

/** The map filters over each row's public position (the shared helper's rounding). */
function inArea(r: Row, query: Query) {
  const at = mapPosition({
    lat: r.lat ?? null,
    lng: r.lng ?? null,
    neighborhood: r.neighborhood,
    showExactLocation: r.showExactLocation ?? false,
  });
  if (!at) return !query.bounds && !query.polygon;
  const [south, west, north, east] = query.bounds ?? [-90, -180, 90, 180];
  const inBox = at.lat >= south && at.lat <= north && at.lng >= west && at.lng <= east;
  return inBox && (!query.polygon || insideRing(query.polygon, at.lat, at.lng));
}

/** The same question answered by brute force over the rows we inserted. */
function expected(query: Query): string[] {
  const matches = active.filter(
    (r) =>
      (query.minPrice === undefined || r.rentCents >= query.minPrice * 100) &&
      (query.maxPrice === undefined || r.rentCents <= query.maxPrice * 100) &&
      (query.bedrooms === undefined || r.bedrooms >= query.bedrooms) &&
      (query.bathrooms === undefined || r.bathrooms >= query.bathrooms) &&
      (query.amenities ?? []).every((a) => r.amenities.includes(a)) &&
      (!query.neighborhoods || query.neighborhoods.includes(r.neighborhood)) &&
      (!query.boroughs || query.boroughs.includes(r.borough)) &&
      petsAllow(r.pets, query.pets ?? []) &&
      (!query.laundry || query.laundry.includes(r.laundry)) &&
      (query.availableBy === undefined || r.availableFrom <= query.availableBy) &&
      (query.q === undefined || `${r.title} ${r.description}`.toLowerCase().includes(query.q)) &&
      inArea(r, query),
  );
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sort = query.sort ?? 'newest';
  matches.sort((a, b) => {
    if (sort === 'newest') return b.publishedAt.getTime() - a.publishedAt.getTime() || -byId(a, b);
    if (sort === 'price_asc') return a.rentCents - b.rentCents || byId(a, b);
    return b.rentCents - a.rentCents || -byId(a, b);
  });
  return matches.map((r) => r.id);
}

function toParams(query: Query, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.flat().join(',') : String(value));
  }
  return params;
}

/** Follows nextCursor to the end; checks totals and that no page repeats a row. */
async function fetchAll(query: Query, limit: number) {
  const ids: string[] = [];
  const items: ListingSummary[] = [];
  let cursor: string | null = null;
  let totals = new Set<number>();
  for (let page = 0; page < 200; page += 1) {
    const params = toParams(query, { limit: String(limit) });
    if (cursor) params.set('cursor', cursor);
    const res = await client.get(`/api/listings?${params}`);
    expect(res.status).toBe(200);
    const body = ListingPageSchema.parse(await res.json());
    expect(body.items.length).toBeLessThanOrEqual(limit);
    totals = totals.add(body.total);
    ids.push(...body.items.map((i) => i.id));
    items.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  expect(totals.size).toBe(1);
  return { ids, items, total: [...totals][0] };
}

const hoodA = HOODS[0]?.slug as string;
const hoodB = HOODS[3]?.slug as string;
const CASES: [string, Query][] = [
  ['no filter', {}],
  ['minPrice', { minPrice: 3000 }],
  ['maxPrice', { maxPrice: 2500 }],
  ['a price range', { minPrice: 2500, maxPrice: 3500 }],
  ['bedrooms (minimum)', { bedrooms: 2 }],
  ['studios and up', { bedrooms: 0 }],
  ['bathrooms (minimum)', { bathrooms: 1.5 }],
  ['one amenity', { amenities: ['doorman'] }],
  ['two amenities', { amenities: ['elevator', 'dishwasher'] }],
  ['neighborhoods', { neighborhoods: [hoodA, hoodB] }],
  ['boroughs', { boroughs: ['brooklyn', 'bronx'] }],
  ['pets: cats', { pets: ['cats'] }],
  ['pets: cats and dogs', { pets: ['cats', 'dogs'] }],
  ['laundry', { laundry: ['in_unit', 'in_building'] }],
  ['available by', { availableBy: '2026-12-01' }],
  ['text', { q: 'skyline' }],
  ['text + filters', { q: 'skyline', minPrice: 2500, bedrooms: 1 }],
  ['bounds: lower Manhattan and north Brooklyn', { bounds: [40.68, -74.02, 40.74, -73.93] }],
  ['bounds + filters', { bounds: [40.55, -74.1, 40.9, -73.85], bedrooms: 1, maxPrice: 3500 }],
  [
    // Concave: an L over Manhattan and Brooklyn (its inner corner near Williamsburg).
    'an L-shaped polygon',
    {
      polygon: [
        [40.62, -74.03],
        [40.62, -73.9],
        [40.7, -73.9],
        [40.7, -73.97],
        [40.82, -73.97],
        [40.82, -74.03],
      ],
    },
  ],
  [
    'a polygon inside bounds, with text',
    {
      q: 'skyline',
      bounds: [40.6, -74.05, 40.85, -73.8],
      polygon: [
        [40.58, -74.06],
        [40.88, -73.95],
        [40.6, -73.78],
      ],
    },
  ],
  [
    'everything at once',
    {
      minPrice: 2000,
      maxPrice: 4000,
      bedrooms: 1,
      bathrooms: 1,
      amenities: ['elevator'],
      boroughs: ['manhattan', 'brooklyn', 'queens'],
      pets: ['cats'],
      laundry: ['in_building', 'in_unit', 'none'],
      availableBy: '2027-01-15',
    },
  ],
];

describe('GET /api/listings against a brute-force filter of the same rows', () => {
  it('has a data set with many ties and some non-public rows', () => {
    expect(active.length).toBeGreaterThan(200);
    expect(active.length).toBeLessThan(rows.length);
    expect(new Set(active.map((r) => r.rentCents)).size).toBeLessThanOrEqual(5);
    // Each map case keeps some listings and leaves others out.
    for (const [label, query] of CASES.filter(([, q]) => q.bounds || q.polygon)) {
      expect(expected(query).length, label).toBeGreaterThan(0);
      expect(expected(query).length, label).toBeLessThan(active.length);
    }
  });

  for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
    it.each(CASES)(`%s, sorted ${sort}, paged to the end`, async (_label, filters) => {
      const query = { ...filters, sort };
      const want = expected(query);
      const got = await fetchAll(query, 13);
      expect(new Set(got.ids).size).toBe(got.ids.length); // no duplicates
      expect(got.ids).toEqual(want); // none missing, none extra, in order
      expect(got.total).toBe(want.length);
    });
  }

  it('finds the text subset and only it, and corrects typos against the listings’ words', async () => {
    const want = expected({ q: 'skyline' });
    expect(want.length).toBeGreaterThan(10);
    for (const q of [
      'skyline',
      'Skyline',
      'skylin',
      'skylinee',
      'skylien',
      'skylne',
      'SKYLNE home',
    ]) {
      const got = await fetchAll({ q }, 50);
      expect(new Set(got.ids), q).toEqual(new Set(want));
    }
    // The description is searched too (full text only).
    for (const q of ['fireplace', 'firepalce']) {
      const fireplace = await fetchAll({ q }, 50);
      expect(new Set(fireplace.ids), q).toEqual(new Set(expected({ q: 'fireplace' })));
    }
    // A word too far from every listing word finds nothing rather than anything.
    expect((await fetchAll({ q: 'xylophonic' }, 50)).total).toBe(0);
    // Stop words alone ask for nothing in particular; beside a word they are ignored.
    expect((await fetchAll({ q: 'the' }, 50)).total).toBe(active.length);
    expect(new Set((await fetchAll({ q: 'the skyline' }, 50)).ids)).toEqual(new Set(want));
  });

  it('returns summaries with net effective rent and never a draft', async () => {
    const body = ListingPageSchema.parse(await (await client.get('/api/listings?limit=50')).json());
    for (const item of body.items) {
      expect(item.status).toBe('active');
      expect(item.netEffectiveRentCents).toBe(item.rentCents);
    }
  });

  it.each([
    ['an unknown sort', 'sort=cheapest', 'Sort is newest, price_asc or price_desc.'],
    ['a long search term', `q=${'x'.repeat(101)}`, 'Search term cannot exceed 100 characters'],
    [
      'min above max',
      'minPrice=3000&maxPrice=2000',
      'Minimum price cannot be above the maximum price.',
    ],
    ['a negative price', 'minPrice=-5', 'Minimum price cannot be negative.'],
    ['a word for a price', 'maxPrice=cheap', 'Maximum price must be a number of dollars.'],
    ['an unknown amenity', 'amenities=moat', 'Choose amenities from the list.'],
    [
      'an unknown borough',
      'boroughs=jersey',
      'Choose a borough: manhattan, brooklyn, queens, bronx or staten-island.',
    ],
    ['a forged cursor', 'cursor=bm90LWEtY3Vyc29y', 'Invalid cursor.'],
    ['too big a page', 'limit=500', 'Limit is at most 50.'],
    ['bounds of three numbers', 'bounds=40.7,-74,40.8', BOUNDS_MESSAGE],
    ['bounds with south above north', 'bounds=40.8,-74,40.7,-73.9', BOUNDS_MESSAGE],
    ['bounds in words', 'bounds=north,of,the,park', BOUNDS_MESSAGE],
    ['a two-point polygon', 'polygon=40.7,-74,40.8,-73.9', POLYGON_MESSAGE],
    ['a polygon with a lone number', 'polygon=40.7,-74,40.8,-73.9,40.75', POLYGON_MESSAGE],
    ['a polygon off the globe', 'polygon=40.7,-74,95,-73.9,40.75,-73.8', POLYGON_MESSAGE],
    ['exact other than 1', 'exact=yes', 'Exact is 1 when set.'],
  ])('refuses %s with 400', async (_label, query, message) => {
    const res = await client.get(`/api/listings?${query}`);
    expect(res.status).toBe(400);
    const { error } = ErrorBodySchema.parse(await res.json());
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses a cursor made for another sort', async () => {
    const first = ListingPageSchema.parse(
      await (await client.get('/api/listings?sort=price_asc&limit=5')).json(),
    );
    const res = await client.get(`/api/listings?sort=newest&cursor=${first.nextCursor}`);
    expect(res.status).toBe(400);
  });

  it('treats empty filter strings as unset (the spec’s defaults)', async () => {
    const res = await client.get(
      '/api/listings?q=&minPrice=&maxPrice=&bedrooms=&bathrooms=&amenities=&neighborhoods=&limit=50',
    );
    const body = ListingPageSchema.parse(await res.json());
    expect(body.total).toBe(active.length);
  });

  it('GET /api/listings/featured lists only active featured listings', async () => {
    const [first, second] = active;
    await db
      .insert(listings)
      .values([
        { ...rows[0], id: stableUuid('featured-draft'), status: 'draft', featured: true } as Row,
      ]);
    await db
      .update(listings)
      .set({ featured: true })
      .where(inArray(listings.id, [first?.id ?? '', second?.id ?? '']));
    const body = (await (await client.get('/api/listings/featured')).json()) as {
      items: ListingSummary[];
    };
    expect(new Set(body.items.map((i) => i.id))).toEqual(new Set([first?.id, second?.id]));
    await db.update(listings).set({ featured: false }).where(eq(listings.featured, true));
  });
});

// A second instance on the same database, its index loaded before the changes below.
const other = await createTestApp({ database: url });
const newcomer = {
  ...(active[0] as Row),
  id: stableUuid('index-newcomer'),
  title: 'Zephyrine loft',
};

describe('the search index follows every write to listings', () => {
  const total = async (api: ApiClient, query: string) =>
    ListingPageSchema.parse(await (await api.get(`/api/listings?${query}`)).json()).total;
  const ids = async (api: ApiClient, query: string) =>
    ListingPageSchema.parse(
      await (await api.get(`/api/listings?limit=50&${query}`)).json(),
    ).items.map((item) => item.id);

  beforeAll(async () => {
    expect(await total(other.client, 'q=zephyrine')).toBe(0);
  });

  afterAll(async () => {
    await db.delete(listings).where(eq(listings.id, newcomer.id));
  });

  it('sees rows written straight to the database, on this instance and another, at once', async () => {
    await db.insert(listings).values(newcomer);
    for (const api of [client, other.client]) {
      expect(await ids(api, 'q=zephyrine')).toEqual([newcomer.id]);
    }
    await db.update(listings).set({ rentCents: 123_400 }).where(eq(listings.id, newcomer.id));
    for (const api of [client, other.client]) {
      expect(await ids(api, 'maxPrice=1234')).toEqual([newcomer.id]);
    }
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, newcomer.id));
    for (const api of [client, other.client]) {
      expect(await total(api, 'q=zephyrine')).toBe(0);
      expect(await total(api, '')).toBe(active.length);
    }
  });

  it('drops deleted listings', async () => {
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, newcomer.id));
    expect(await total(other.client, 'q=zephyrine')).toBe(1);
    await db.delete(listings).where(eq(listings.id, newcomer.id));
    for (const api of [client, other.client]) expect(await total(api, 'q=zephyrine')).toBe(0);
  });

  it('shows a page row as it is now: the listing, its photos and its boosts, on both instances', async () => {
    // Decision 045: both instances keep the rows they showed; every change must reach them.
    const row = async (api: ApiClient) => {
      const page = ListingPageSchema.parse(
        await (await api.get('/api/listings?q=zephyrine')).json(),
      );
      expect(page.items).toHaveLength(1);
      return page.items[0] as ListingSummary;
    };
    const both = async () => Promise.all([row(client), row(other.client)]);
    await db.insert(listings).values({ ...newcomer, status: 'active' });
    for (const shown of await both()) {
      expect(shown).toMatchObject({ title: 'Zephyrine loft', photoCount: 0, featured: false });
    }
    await db
      .update(listings)
      .set({ title: 'Zephyrine loft, renovated', rentCents: 201_000 })
      .where(eq(listings.id, newcomer.id));
    for (const shown of await both()) {
      expect(shown).toMatchObject({ title: 'Zephyrine loft, renovated', rentCents: 201_000 });
    }
    // A photo through the API (the upload also marks the listing changed).
    const upload = await uploadPhoto(app, landlord, newcomer.id, await testJpeg());
    expect(upload.status, await upload.text()).toBe(201);
    for (const shown of await both()) {
      expect(shown.photoCount).toBe(1);
      expect(shown.coverPhoto).not.toBeNull();
    }
    // A boost that has not started yet: known, not featured; one running now: featured.
    const boost = (startsAt: Date, endsAt: Date) => ({
      landlordId: me.user.id,
      listingId: newcomer.id,
      days: 1,
      startsAt,
      endsAt,
      amountCents: 1_000,
      status: 'active',
    });
    const hour = 3_600_000;
    await db
      .insert(listingBoosts)
      .values(boost(new Date(Date.now() + hour), new Date(Date.now() + 2 * hour)));
    for (const shown of await both()) expect(shown.featured).toBe(false);
    await db
      .insert(listingBoosts)
      .values(boost(new Date(Date.now() - hour), new Date(Date.now() + hour)));
    for (const shown of await both()) expect(shown.featured).toBe(true);
    await db
      .update(listingBoosts)
      .set({ status: 'canceled' })
      .where(eq(listingBoosts.listingId, newcomer.id));
    for (const shown of await both()) expect(shown.featured).toBe(false);
    await db.delete(listings).where(eq(listings.id, newcomer.id));
  });

  it('reloads everything when the log it needs was pruned', async () => {
    const [second, third] = [stableUuid('index-newcomer-2'), stableUuid('index-newcomer-3')];
    await db.insert(listings).values([
      { ...newcomer, id: second },
      { ...newcomer, id: third },
    ]);
    // Neither instance has read the entry for that insert; it is gone, and a later entry
    // names only the second listing.
    await db.execute(sql`delete from listing_changes`);
    await db.update(listings).set({ title: 'Zephyrine garden' }).where(eq(listings.id, second));
    for (const api of [client, other.client]) {
      expect(await ids(api, 'q=zephyrine garden')).toEqual([second]);
      expect(new Set(await ids(api, 'q=zephyrine'))).toEqual(new Set([second, third]));
      expect(await total(api, '')).toBe(active.length + 2);
    }
    await db.delete(listings).where(inArray(listings.id, [second, third]));
    for (const api of [client, other.client]) expect(await total(api, '')).toBe(active.length);
  });

  it('corrects typos against words that arrived with new listings', async () => {
    for (const api of [client, other.client]) expect(await total(api, 'q=quasarium')).toBe(0);
    const id = stableUuid('index-quasar');
    await db.insert(listings).values({ ...newcomer, id, title: 'Quasarius loft' });
    for (const api of [client, other.client]) {
      expect(await ids(api, 'q=quasarium')).toEqual([id]);
    }
    await db.delete(listings).where(eq(listings.id, id));
  });

  it('prunes log entries older than a day, and only those', async () => {
    await db.execute(sql`update listing_changes set changed_at = now() - interval '25 hours'`);
    await db
      .update(listings)
      .set({ title: 'Fresh' })
      .where(eq(listings.id, active[1]?.id ?? ''));
    const before = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from listing_changes`,
    );
    expect(before.rows[0]?.n).toBeGreaterThan(1);
    expect(await pruneListingChanges(db)).toBe((before.rows[0]?.n ?? 0) - 1);
    expect(await pruneListingChanges(db)).toBe(0);
  });
});
