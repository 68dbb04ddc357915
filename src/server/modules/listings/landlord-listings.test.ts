import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  LandlordListingChoicesSchema,
  LandlordListingsSchema,
} from '../../../shared/schemas/landlord-listings.ts';
import { SavedListingsSchema } from '../../../shared/schemas/saved-listings.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import type { ApiClient } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, db, client } = await createTestApp();

const landlord = await person(client, 'landlord');
// Three published: more than the free plan allows.
await onPlan(db, landlord.id);
const otherLandlord = await person(client, 'landlord');
const renter = await person(client, 'renter');
const secondRenter = await person(client, 'renter');
const visitor = client.fork();

async function page(who: ApiClient, query = '') {
  const res = await who.get(`/api/landlord/listings${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return LandlordListingsSchema.parse(await res.json());
}

async function draft(who: ApiClient, title: string, extra: Record<string, unknown> = {}) {
  return readListing(await who.post('/api/listings', { title, ...extra }));
}

// 23 drafts, 2 live, 1 rented for the landlord; 1 draft for another landlord.
const drafts: Awaited<ReturnType<typeof draft>>[] = [];
for (let i = 0; i < 23; i++) {
  drafts.push(await draft(landlord.client, `Draft number ${i}`, { address: `${100 + i} Elm St` }));
}
const live = await publishListing(app, landlord.client);
const second = await publishListing(app, landlord.client);
const rented = await publishListing(app, landlord.client);
await landlord.client.patch(`/api/listings/${rented.id}`, { status: 'rented' });
const theirs = await draft(otherLandlord.client, 'Their secret draft');

describe('GET /api/landlord/listings', () => {
  it('pages on the server, newest first, with the total and counts per status', async () => {
    const first = await page(landlord.client);
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.statusCounts).toEqual({ draft: 23, active: 2, rented: 1, archived: 0 });
    expect(first.items[0]?.id).toBe(rented.id);
    const next = await page(landlord.client, '?page=2');
    expect(next.items).toHaveLength(6);
    const ids = [...first.items, ...next.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(26);
    expect(ids).not.toContain(theirs.id);
    expect((await page(landlord.client, '?page=3')).items).toEqual([]);
  });

  it('filters by status and searches title and address', async () => {
    const active = await page(landlord.client, '?status=active');
    expect(active.total).toBe(2);
    expect(active.items.map((i) => i.id).sort()).toEqual([live.id, second.id].sort());
    const byTitle = await page(landlord.client, '?q=number%2012');
    expect(byTitle.items.map((i) => i.id)).toEqual([drafts[12]?.id]);
    const byAddress = await page(landlord.client, '?q=105%20elm');
    expect(byAddress.items.map((i) => i.id)).toEqual([drafts[5]?.id]);
    expect(byAddress.statusCounts).toEqual({ draft: 1, active: 0, rented: 0, archived: 0 });
    // Wildcards are literal: "%" matches only a title with a percent sign.
    expect((await page(landlord.client, '?q=%25')).total).toBe(0);
    // Another landlord's listing is never found.
    expect((await page(landlord.client, '?q=secret')).total).toBe(0);
  });

  it('gives each row a thumbnail and counts saves and inquiries from others only', async () => {
    await renter.client.request('PUT', `/api/saved-listings/${live.id}`);
    await secondRenter.client.request('PUT', `/api/saved-listings/${live.id}`);
    // The owner's own save (written directly: the API refuses it) is not a save.
    await db.execute(
      sql`insert into saved_listings (user_id, listing_id) values (${landlord.id}, ${live.id})`,
    );
    const conversation = await openConversation(renter, landlord, live.id);
    await send(renter, conversation.id, 'Is it still available?');
    await send(landlord, conversation.id, 'Yes!');
    // Opened from the listing but never written in: not an inquiry.
    await openConversation(secondRenter, landlord, live.id);
    const row = (await page(landlord.client, '?status=active')).items.find((i) => i.id === live.id);
    expect(row).toMatchObject({ saveCount: 2, inquiryCount: 1 });
    expect(row?.coverPhoto?.url).toMatch(/\.webp$/);
  });

  it.each([
    ['?status=deleted', 'Status must be draft, active, rented or archived.'],
    ['?page=0', 'Page must be a whole number from 1.'],
    ['?page=abc', 'Page must be a whole number from 1.'],
    ['?pageSize=101', 'Page size must be 1 to 100.'],
    [`?q=${'a'.repeat(101)}`, 'Search term cannot exceed 100 characters'],
  ])('refuses %s with 400 and the message', async (query, message) => {
    const res = await landlord.client.get(`/api/landlord/listings${query}`);
    expect(res.status).toBe(400);
    const { error } = ErrorBodySchema.parse(await res.json());
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('is for landlords only', async () => {
    expect((await renter.client.get('/api/landlord/listings')).status).toBe(403);
    expect((await visitor.get('/api/landlord/listings')).status).toBe(401);
  });
});

describe('GET /api/landlord/listing-choices', () => {
  async function choices(who: ApiClient, query = '') {
    const res = await who.get(`/api/landlord/listing-choices${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return LandlordListingChoicesSchema.parse(await res.json());
  }

  it("offers all of the landlord's own listings at once, id, title and status, by title", async () => {
    const all = await choices(landlord.client);
    expect(all.total).toBe(26);
    expect(all.items).toHaveLength(26);
    expect(new Set(all.items.map((i) => i.id))).toEqual(
      new Set([...drafts, live, second, rented].map((l) => l.id)),
    );
    expect(all.items.map((i) => i.id)).not.toContain(theirs.id);
    const titles = all.items.map((i) => i.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.items.find((i) => i.id === rented.id)).toEqual({
      id: rented.id,
      title: rented.title,
      status: 'rented',
    });
    // Nothing more than a picker needs.
    expect(Object.keys(all.items[0] ?? {}).sort()).toEqual(['id', 'status', 'title']);
  });

  it('filters by status', async () => {
    const active = await choices(landlord.client, '?status=active');
    expect(active.total).toBe(2);
    expect(active.items.map((i) => i.id).sort()).toEqual([live.id, second.id].sort());
    expect((await choices(otherLandlord.client, '?status=active')).items).toEqual([]);
    expect((await choices(otherLandlord.client)).items.map((i) => i.id)).toEqual([theirs.id]);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await landlord.client.get('/api/landlord/listing-choices?status=gone');
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('is for landlords only', async () => {
    expect((await renter.client.get('/api/landlord/listing-choices')).status).toBe(403);
    expect((await visitor.get('/api/landlord/listing-choices')).status).toBe(401);
  });
});

describe('GET /api/landlord/dashboard', () => {
  it('is gone: the dashboard reads GET /api/landlord/stats', async () => {
    expect((await landlord.client.get('/api/landlord/dashboard')).status).toBe(404);
  });
});

describe('saved listings keep the rent they were saved at', () => {
  it('shows a price change since the save', async () => {
    const listing = await publishListing(app, landlord.client);
    await renter.client.request('PUT', `/api/saved-listings/${listing.id}`);
    const patched = await landlord.client.patch(`/api/listings/${listing.id}`, {
      rentCents: (listing.rentCents ?? 0) + 10_000,
    });
    expect(patched.status).toBe(200);
    const saved = SavedListingsSchema.parse(
      await (await renter.client.get('/api/saved-listings')).json(),
    ).items.find((s) => s.listingId === listing.id);
    expect(saved?.savedRentCents).toBe(listing.rentCents);
    expect(saved?.listing.rentCents).toBe((listing.rentCents ?? 0) + 10_000);
  });
});
