import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOST_PRICE_PER_DAY_CENTS, TEST_CARDS } from '../../../shared/billing-plans.ts';
import {
  BoostSchema,
  BoostsResponseSchema,
  InvoiceSchema,
  InvoicesResponseSchema,
} from '../../../shared/schemas/billing.ts';
import { listingBoosts } from '../../db/schema/billing.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { expireBoosts } from './boosts.ts';

const { app, client, db } = await createTestApp({});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

const landlord = await person(client, 'landlord');
const other = await person(client, 'landlord');
const renter = await person(client, 'renter');
const listing = await publishListing(app, landlord.client);
const draft = await readListing(await landlord.client.post('/api/listings', { title: 'Not live' }));

async function featuredIds() {
  const res = await client.fork().get('/api/listings/featured');
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: string; featured: boolean }[] }).items;
}

const boost = (who: typeof landlord, body: unknown) => who.client.post('/api/billing/boosts', body);

describe('POST /api/billing/boosts', () => {
  it('refuses visitors (401) and renters (403)', async () => {
    expect(
      (await client.fork().post('/api/billing/boosts', { listingId: listing.id, days: 7 })).status,
    ).toBe(401);
    expect((await boost(renter, { listingId: listing.id, days: 7 })).status).toBe(403);
  });

  it('refuses 0, 400 or half days with 400, another landlord’s listing with 404, a draft with 409', async () => {
    for (const days of [0, 400, 1.5, '7']) {
      const res = await boost(landlord, { listingId: listing.id, days });
      expect(res.status, String(days)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Choose between 1 and 90 days.',
      );
    }
    expect((await boost(other, { listingId: listing.id, days: 7 })).status).toBe(404);
    expect((await boost(landlord, { listingId: randomUUID(), days: 7 })).status).toBe(404);
    const notLive = await boost(landlord, { listingId: draft.id, days: 7 });
    expect(notLive.status).toBe(409);
    expect(((await notLive.json()) as { error: { message: string } }).error.message).toMatch(
      /published listing/,
    );
    expect(await db.select().from(listingBoosts)).toEqual([]);
  });

  it('asks for a card first (402), then charges at once and features the listing until it expires', async () => {
    const noCard = await boost(landlord, { listingId: listing.id, days: 7 });
    expect(noCard.status).toBe(402);
    expect(await featuredIds()).toEqual([]);

    await landlord.client.request('PUT', '/api/billing/payment-method', card(TEST_CARDS.succeeds));
    const res = await boost(landlord, { listingId: listing.id, days: 7 });
    expect(res.status).toBe(201);
    const first = BoostSchema.parse(await res.json());
    expect(first).toMatchObject({
      listingId: listing.id,
      listingTitle: listing.title,
      days: 7,
      amountCents: 7 * BOOST_PRICE_PER_DAY_CENTS,
      status: 'active',
    });
    const days = (Date.parse(first.endsAt) - Date.parse(first.startsAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const featured = await featuredIds();
    expect(featured.map((l) => [l.id, l.featured])).toEqual([[listing.id, true]]);

    const list = InvoicesResponseSchema.parse(
      await (await landlord.client.get('/api/billing/invoices')).json(),
    );
    const invoice = InvoiceSchema.parse(
      await (await landlord.client.get(`/api/billing/invoices/${list.items[0]?.id}`)).json(),
    );
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 2_100 });
    expect(invoice.lines.map((l) => [l.kind, l.amountCents])).toEqual([['boost', 2_100]]);

    // A second boost follows the first.
    const second = BoostSchema.parse(
      await (await boost(landlord, { listingId: listing.id, days: 3 })).json(),
    );
    expect(second.startsAt).toBe(first.endsAt);
    const mine = BoostsResponseSchema.parse(
      await (await landlord.client.get('/api/billing/boosts')).json(),
    );
    expect(mine.items.map((b) => b.id)).toEqual([second.id, first.id]);
    const theirs = BoostsResponseSchema.parse(
      await (await other.client.get('/api/billing/boosts')).json(),
    );
    expect(theirs.items).toEqual([]);

    // Both ended: expired, and the listing is no longer featured.
    await db
      .update(listingBoosts)
      .set({ startsAt: sql`now() - interval '8 days'`, endsAt: sql`now() - interval '1 minute'` })
      .where(eq(listingBoosts.listingId, listing.id));
    expect(await expireBoosts(db)).toBe(2);
    expect(await expireBoosts(db)).toBe(0);
    expect(await featuredIds()).toEqual([]);
    const after = await readListing(await client.fork().get(`/api/listings/${listing.id}`));
    expect(after.featured).toBe(false);
  });

  it('a declined card: 402, no boost, no invoice', async () => {
    const declined = await person(client, 'landlord');
    const own = await publishListing(app, declined.client);
    await declined.client.request('PUT', '/api/billing/payment-method', card(TEST_CARDS.declined));
    const res = await boost(declined, { listingId: own.id, days: 1 });
    expect(res.status).toBe(402);
    expect(
      await db.select().from(listingBoosts).where(eq(listingBoosts.landlordId, declined.id)),
    ).toEqual([]);
    const list = InvoicesResponseSchema.parse(
      await (await declined.client.get('/api/billing/invoices')).json(),
    );
    expect(list.items).toEqual([]);
  });

  it('puts a boosted listing first among listings of equal rent in search', async () => {
    const owner = await person(client, 'landlord');
    await owner.client.request('PUT', '/api/billing/payment-method', card(TEST_CARDS.succeeds));
    const twins = [
      await publishListing(app, owner.client, { rentCents: 412_300 }),
      await publishListing(app, owner.client, { rentCents: 412_300 }),
    ];
    const order = async () => {
      const res = await client
        .fork()
        .get('/api/listings?sort=price_asc&minPrice=4123&maxPrice=4123');
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: { id: string }[] };
      return items.map((item) => item.id);
    };
    const before = await order();
    expect([...before].sort()).toEqual(twins.map((t) => t.id).sort());
    const last = before[1] as string;
    expect((await boost(owner, { listingId: last, days: 1 })).status).toBe(201);
    expect(await order()).toEqual([last, before[0]]);
  });
});
