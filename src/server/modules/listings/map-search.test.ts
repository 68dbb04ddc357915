import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mapPosition } from '../../../shared/map-position.ts';
import { NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { LandlordListingsSchema } from '../../../shared/schemas/landlord-listings.ts';
import { BOUNDS_MESSAGE, POLYGON_MESSAGE } from '../../../shared/schemas/listing-queries.ts';
import {
  type ListingPage,
  ListingPageSchema,
  ListingPinsSchema,
  ListingResponseSchema,
  type ListingSummary,
  PINS_MAX,
} from '../../../shared/schemas/listing-responses.ts';
import { SavedListingsSchema } from '../../../shared/schemas/saved-listings.ts';
import { listings } from '../../db/schema/listings.ts';
import { stableUuid } from '../../seed/seed-listings.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { CLUSTER_GRID } from './search-index-geo.ts';

/*
 * Issue 16 on the listings API: the public map position against the landlord's exact one,
 * GET /api/listings/pins (pins, then clusters), and typo correction's answer.
 */
const { app, db, client } = await createTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const renter = client.fork();
await renter.signUp({ userType: 'renter' });
const me = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };

const HOODS = NEIGHBORHOODS.filter((_, i) => i % 5 === 0);
type Row = typeof listings.$inferInsert & { id: string; lat: number; lng: number };
function rowsOf(prefix: string, count: number, overrides: Partial<Row> = {}): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const hood = HOODS[i % HOODS.length] as (typeof HOODS)[number];
    return {
      id: stableUuid(`${prefix}-${i}`),
      landlordId: me.user.id,
      status: 'active',
      title: `Sunlit home ${i}`,
      description: 'Nice place.',
      address: `${i} Pin St`,
      neighborhood: hood.slug,
      borough: hood.borough,
      lat: hood.lat + ((i % 11) - 5) * 0.0017,
      lng: hood.lng + ((i % 13) - 6) * 0.0019,
      showExactLocation: i % 3 === 0,
      rentCents: 200_000 + (i % 9) * 25_000,
      bedrooms: i % 3,
      bathrooms: 1,
      publishedAt: new Date(Date.UTC(2026, 9, 1, 0, 0, i)),
      ...overrides,
    };
  });
}
const publicAt = (r: Row) =>
  mapPosition({
    lat: r.lat,
    lng: r.lng,
    neighborhood: r.neighborhood ?? null,
    showExactLocation: r.showExactLocation ?? false,
  });

async function page(query: string): Promise<ListingPage> {
  const res = await client.get(`/api/listings?${query}`);
  expect(res.status).toBe(200);
  return ListingPageSchema.parse(await res.json());
}
async function pins(query: string) {
  const res = await client.get(`/api/listings/pins?${query}`);
  expect(res.status).toBe(200);
  return ListingPinsSchema.parse(await res.json());
}

describe('the public map position and address', () => {
  const exact = { lat: 40.714_321, lng: -73.961_234 };
  let id = '';
  const positionIn = (items: ListingSummary[]) => {
    const item = items.find((i) => i.id === id);
    return item && { lat: item.lat, lng: item.lng };
  };
  const addressIn = (items: ListingSummary[]) => {
    const item = items.find((i) => i.id === id);
    return item && { address: item.address, unit: item.unit };
  };
  // The text gives away no more than the map: the street, not the door or the unit.
  const street = { address: 'Bedford Ave', unit: null };
  const door = { address: '215 Bedford Ave', unit: '4F' };

  it('is rounded, and the street shown without its number, for everyone but the landlord until they show the exact spot', async () => {
    const listing = await publishListing(app, landlord, { title: 'Corner 1BR', ...exact });
    id = listing.id;
    await db.update(listings).set({ featured: true }).where(eq(listings.id, id));
    const rounded = mapPosition({ ...exact, neighborhood: null, showExactLocation: false });
    expect(rounded).not.toEqual(exact);
    // Within one grid cell (about 250 m) of the door, and not on it.
    expect(Math.abs((rounded?.lat ?? 0) - exact.lat)).toBeLessThan(0.0012);
    expect(Math.abs((rounded?.lng ?? 0) - exact.lng)).toBeLessThan(0.0015);

    const detail = async (who: typeof client) =>
      ListingResponseSchema.parse(await (await who.get(`/api/listings/${id}`)).json()).listing;
    expect(await detail(client)).toMatchObject({
      ...rounded,
      ...street,
      showExactLocation: false,
    });
    expect(await detail(renter)).toMatchObject({ ...rounded, ...street });
    expect(await detail(landlord)).toMatchObject({ ...exact, ...door });
    expect(positionIn((await page('q=corner')).items)).toEqual(rounded);
    expect(addressIn((await page('q=corner')).items)).toEqual(street);
    const featured = (await (await client.get('/api/listings/featured')).json()) as {
      items: ListingSummary[];
    };
    expect(positionIn(featured.items)).toEqual(rounded);
    expect((await renter.request('PUT', `/api/saved-listings/${id}`)).status).toBeLessThan(300);
    const saved = SavedListingsSchema.parse(await (await renter.get('/api/saved-listings')).json());
    expect(positionIn(saved.items.map((s) => s.listing))).toEqual(rounded);
    expect(addressIn(saved.items.map((s) => s.listing))).toEqual(street);
    expect((await pins('q=corner')).pins).toEqual([
      {
        id,
        ...rounded,
        rentCents: 385_000,
        bedrooms: listing.bedrooms,
        neighborhood: listing.neighborhood,
      },
    ]);

    // The landlord's own views stay exact: the editor never saves a rounded spot back.
    const mine = LandlordListingsSchema.parse(
      await (await landlord.get('/api/landlord/listings')).json(),
    );
    expect(positionIn(mine.items)).toEqual(exact);
    expect(addressIn(mine.items)).toEqual(door);
    const edited = await readListing(await landlord.patch(`/api/listings/${id}`, { unit: '2R' }));
    expect(edited).toMatchObject({ ...exact, address: door.address, unit: '2R' });
  });

  it('is the exact spot once the landlord shows it', async () => {
    const shown = await readListing(
      await landlord.patch(`/api/listings/${id}`, { showExactLocation: true }),
    );
    expect(shown).toMatchObject({ ...exact, showExactLocation: true });
    expect(positionIn((await page('q=corner')).items)).toEqual(exact);
    expect(addressIn((await page('q=corner')).items)).toEqual({ ...door, unit: '2R' });
    expect((await pins('q=corner')).pins).toMatchObject([exact]);
    await landlord.patch(`/api/listings/${id}`, { showExactLocation: false });
    expect(positionIn((await page('q=corner')).items)).not.toEqual(exact);
  });

  it('is the neighborhood centre without coordinates', async () => {
    await db.update(listings).set({ lat: null, lng: null }).where(eq(listings.id, id));
    const centre = NEIGHBORHOODS.find((n) => n.slug === 'williamsburg');
    expect(positionIn((await page('q=corner')).items)).toEqual({
      lat: centre?.lat,
      lng: centre?.lng,
    });
    await db.delete(listings).where(eq(listings.id, id));
  });

  it('refuses a showExactLocation that is not true or false', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Flat two' }));
    const res = await landlord.patch(`/api/listings/${draft.id}`, { showExactLocation: 'yes' });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error.message).toBe(
      'Show exact location is true or false.',
    );
  });
});

describe('GET /api/listings/pins', () => {
  const few = rowsOf('pin', 40);
  it('answers every match as a pin, newest first, as the list finds them', async () => {
    await db.insert(listings).values(few);
    const all = await pins('');
    expect(all.total).toBe(few.length);
    expect(all.clusters).toEqual([]);
    const newestFirst = [...few].sort((a, b) => Number(b.publishedAt) - Number(a.publishedAt));
    expect(all.pins).toEqual(
      newestFirst.map((r) => ({
        id: r.id,
        ...publicAt(r),
        rentCents: r.rentCents,
        bedrooms: r.bedrooms,
        neighborhood: r.neighborhood,
      })),
    );
    // The same filters as GET /api/listings, sort and paging aside.
    const query = 'bounds=40.6,-74.05,40.8,-73.9&bedrooms=1&sort=price_asc&limit=3';
    const list = await page(query);
    const some = await pins(query);
    expect(some.total).toBe(list.total);
    expect(some.total).toBeGreaterThan(0);
    expect(some.total).toBeLessThan(few.length);
    const listed = await page(query.replace('limit=3', 'limit=50'));
    expect(new Set(some.pins.map((p) => p.id))).toEqual(new Set(listed.items.map((i) => i.id)));
  });

  it('clusters on a 32 × 32 grid when more than PINS_MAX match', async () => {
    const many = rowsOf('cluster', PINS_MAX + 60 - few.length);
    for (let at = 0; at < many.length; at += 500) {
      await db.insert(listings).values(many.slice(at, at + 500));
    }
    const rows = [...few, ...many];
    const all = await pins('');
    expect(all).toMatchObject({ total: PINS_MAX + 60, pins: [] });
    expect(all.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(PINS_MAX + 60);

    // Over the asked bounds (the whole city), not the matches' extent: each cell's count and
    // mean position, by brute force.
    const bounds = [40.45, -74.3, 40.95, -73.65] as const;
    const [south, west, north, east] = bounds;
    const cells = new Map<number, { n: number; lat: number; lng: number }>();
    for (const r of rows) {
      const at = publicAt(r);
      if (!at || at.lat < south || at.lat > north || at.lng < west || at.lng > east) continue;
      const cell = (v: number, lo: number, hi: number) =>
        Math.min(CLUSTER_GRID - 1, Math.floor((v - lo) * (CLUSTER_GRID / (hi - lo))));
      const key = cell(at.lat, south, north) * CLUSTER_GRID + cell(at.lng, west, east);
      const sum = cells.get(key) ?? { n: 0, lat: 0, lng: 0 };
      cells.set(key, { n: sum.n + 1, lat: sum.lat + at.lat, lng: sum.lng + at.lng });
    }
    const inBounds = [...cells.values()].reduce((sum, c) => sum + c.n, 0);
    expect(inBounds).toBe(PINS_MAX + 60);
    const boxed = await pins(`bounds=${bounds.join(',')}`);
    expect(boxed).toMatchObject({ total: inBounds, pins: [] });
    const want = [...cells.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, c]) => ({ count: c.n, lat: c.lat / c.n, lng: c.lng / c.n }));
    expect(boxed.clusters.map((c) => c.count)).toEqual(want.map((c) => c.count));
    boxed.clusters.forEach((c, i) => {
      expect(c.lat).toBeCloseTo(want[i]?.lat ?? 0, 5);
      expect(c.lng).toBeCloseTo(want[i]?.lng ?? 0, 5);
    });
    // Fewer matches again (a smaller box): pins.
    const small = await pins('bounds=40.7,-74.02,40.73,-73.98');
    expect(small.clusters).toEqual([]);
    expect(small.pins).toHaveLength(small.total);
  });

  it.each([
    ['bounds of three numbers', 'bounds=40.7,-74,40.8', BOUNDS_MESSAGE],
    ['bounds west of east reversed', 'bounds=40.7,-73.9,40.8,-74', BOUNDS_MESSAGE],
    ['a two-point polygon', 'polygon=40.7,-74,40.8,-73.9', POLYGON_MESSAGE],
    [
      'an unknown borough',
      'boroughs=jersey',
      'Choose a borough: manhattan, brooklyn, queens, bronx or staten-island.',
    ],
    [
      'min above max',
      'minPrice=3000&maxPrice=2000',
      'Minimum price cannot be above the maximum price.',
    ],
  ])('refuses %s with 400', async (_label, query, message) => {
    const res = await client.get(`/api/listings/pins?${query}`);
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message,
    });
  });
});

describe('typo correction', () => {
  it('says what it searched for, keeps it on the next page, and exact=1 turns it off', async () => {
    const hood = 'williamsburg';
    await db
      .insert(listings)
      .values(
        rowsOf('typo', 3, { neighborhood: hood, borough: 'brooklyn', title: 'Williamsburg loft' }),
      );
    const first = await page('q=wiliamsburg&limit=2');
    expect(first.correctedQuery).toBe(hood);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`q=wiliamsburg&limit=2&cursor=${first.nextCursor}`);
    expect(second.correctedQuery).toBe(hood);
    expect(second.items.length).toBeGreaterThan(0);
    expect((await page('q=williamsburg')).correctedQuery).toBeNull();
    const exact = await page('q=wiliamsburg&exact=1');
    expect(exact).toMatchObject({ total: 0, items: [], correctedQuery: null });
    // The map shows what the list shows.
    expect((await pins('q=wiliamsburg')).total).toBe(first.total);
    expect((await pins('q=wiliamsburg&exact=1')).total).toBe(0);
  });
});
