import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { SIMILAR_LIMIT, SimilarListingsSchema } from '../../../shared/schemas/listing-responses.ts';
import { listings } from '../../db/schema/listings.ts';
import { stableUuid } from '../../seed/seed-listings.ts';
import { seededRandom } from '../../test/listing-data.ts';
import { readListing } from '../../test/listing-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { NEARBY } from './similar-listings.ts';

/*
 * GET /api/listings/{id}/similar against a brute-force reading of the rule: active, never the
 * listing itself, the same bedrooms, rent within ±15%, the same or a neighbouring
 * neighborhood; closest rent first, then newest.
 */
const { db, client } = await createTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const other = client.fork();
await other.signUp({ userType: 'landlord' });
const me = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };

const HOODS = ['williamsburg', 'greenpoint', 'bushwick', 'east-village', 'astoria', 'riverdale'];
const BOROUGH: Record<string, string> = {
  williamsburg: 'brooklyn',
  greenpoint: 'brooklyn',
  bushwick: 'brooklyn',
  'east-village': 'manhattan',
  astoria: 'queens',
  riverdale: 'bronx',
};
type Row = typeof listings.$inferInsert & {
  id: string;
  status: string;
  neighborhood: string;
  rentCents: number;
  bedrooms: number;
  publishedAt: Date;
};
const { pick } = seededRandom(16);
// Few rents and times, so ties on the rent gap and the publish time both occur.
const rows: Row[] = Array.from({ length: 160 }, (_, i) => {
  const hood = pick(HOODS);
  return {
    id: stableUuid(`similar-${i}`),
    landlordId: me.user.id,
    status: i % 9 === 0 ? 'archived' : 'active',
    title: `Home ${i}`,
    neighborhood: hood,
    borough: BOROUGH[hood] as string,
    rentCents: pick([250_000, 280_000, 300_000, 320_000, 340_000, 345_000, 350_000, 360_000]),
    bedrooms: pick([1, 1, 2]),
    bathrooms: 1,
    publishedAt: new Date(Date.UTC(2026, 9, 1 + (i % 4))),
  };
});
await db.insert(listings).values(rows);

function expected(of: Row): string[] {
  const near = NEARBY.get(of.neighborhood) ?? [];
  const lo = Math.floor(of.rentCents * 0.85);
  const hi = Math.ceil(of.rentCents * 1.15);
  return rows
    .filter(
      (r) =>
        r.status === 'active' &&
        r.id !== of.id &&
        r.bedrooms === of.bedrooms &&
        r.rentCents >= lo &&
        r.rentCents <= hi &&
        near.includes(r.neighborhood),
    )
    .sort(
      (a, b) =>
        Math.abs(a.rentCents - of.rentCents) - Math.abs(b.rentCents - of.rentCents) ||
        b.publishedAt.getTime() - a.publishedAt.getTime() ||
        (a.id < b.id ? 1 : -1),
    )
    .slice(0, SIMILAR_LIMIT)
    .map((r) => r.id);
}

async function similar(api: typeof client, id: string) {
  const res = await api.get(`/api/listings/${id}/similar`);
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('GET /api/listings/{id}/similar', () => {
  it('answers the brute-force rule for every listing, active or archived (to its owner)', async () => {
    expect(NEARBY.get('williamsburg')).toContain('greenpoint');
    expect(NEARBY.get('williamsburg')).not.toContain('riverdale');
    let full = 0;
    for (const row of rows) {
      const { status, body } = await similar(row.status === 'active' ? client : landlord, row.id);
      expect(status).toBe(200);
      const { items } = SimilarListingsSchema.parse(body);
      expect(
        items.map((i) => i.id),
        row.id,
      ).toEqual(expected(row));
      for (const item of items) expect(item.status).toBe('active');
      if (items.length === SIMILAR_LIMIT) full += 1;
    }
    expect(full).toBeGreaterThan(10); // the limit is reached, so order decides
  });

  it('follows changes: a listing archived drops out, a new one comes in', async () => {
    const of = rows.find((r) => r.status === 'active' && expected(r).length > 0) as Row;
    const [first] = expected(of);
    await db
      .update(listings)
      .set({ status: 'archived' })
      .where(eq(listings.id, first as string));
    const after = SimilarListingsSchema.parse((await similar(client, of.id)).body).items;
    expect(after.map((i) => i.id)).not.toContain(first);
    const twin = { ...of, id: stableUuid('similar-twin'), publishedAt: new Date() };
    await db.insert(listings).values(twin);
    const withTwin = SimilarListingsSchema.parse((await similar(client, of.id)).body).items;
    expect(withTwin[0]?.id).toBe(twin.id); // the same rent, and the newest
    await db
      .update(listings)
      .set({ status: 'active' })
      .where(eq(listings.id, first as string));
  });

  it('is 404 for a listing the caller cannot see, 400 for a malformed id', async () => {
    const archived = rows.find((r) => r.status === 'archived') as Row;
    for (const api of [client, other]) {
      const { status, body } = await similar(api, archived.id);
      expect(status).toBe(404);
      expect(ErrorBodySchema.parse(body).error.code).toBe('NOT_FOUND');
    }
    expect((await similar(client, stableUuid('no-such-listing'))).status).toBe(404);
    const bad = await similar(client, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.message).toBe('Invalid listing ID format');
  });

  it('has none for a draft without rent or bedrooms (its owner asks)', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Bare draft' }));
    const { status, body } = await similar(landlord, draft.id);
    expect(status).toBe(200);
    expect(SimilarListingsSchema.parse(body).items).toEqual([]);
  });
});
