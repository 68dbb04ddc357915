import { describe, expect, it } from 'vitest';
import { type RenterDashboard, RenterDashboardSchema } from '../../../shared/schemas/billing.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import { type ApiClient, createTestApp } from '../../test/test-app.ts';
import { booked, openAllDay, slotIn } from '../../test/tour-fixtures.ts';

const { app, db, client } = await createTestApp();

const landlord = await person(client, 'landlord');
const otherLandlord = await person(client, 'landlord');
const visitor = client.fork();
await openAllDay(db, landlord.id);
// More listings than the free plan's two: these tests are about the dashboard, not the limit.
await onPlan(db, landlord.id);
await onPlan(db, otherLandlord.id);

async function dashboard(who: ApiClient): Promise<RenterDashboard> {
  const res = await who.get('/api/renter/dashboard');
  expect(res.status, await res.clone().text()).toBe(200);
  return RenterDashboardSchema.parse(await res.json());
}

/** An active listing of `owner` with these fields (Williamsburg, 1 bedroom, $3,850 by default). */
async function listingWith(owner: ApiClient, fields: Record<string, unknown> = {}) {
  const listing = await publishListing(app, owner);
  if (Object.keys(fields).length === 0) return listing;
  const res = await owner.patch(`/api/listings/${listing.id}`, { fees: [], ...fields });
  expect(res.status, await res.clone().text()).toBe(200);
  return listing;
}

describe('GET /api/renter/dashboard', () => {
  it('is empty for a new renter', async () => {
    const renter = await person(client, 'renter');
    expect(await dashboard(renter.client)).toEqual({
      saved: { total: 0, items: [], priceDrops: 0, noLongerAvailable: 0 },
      upcomingTours: [],
      conversations: { unreadTotal: 0, items: [] },
      similar: [],
    });
  });

  it('counts price drops and listings gone, with tours, conversations and unread', async () => {
    const renter = await person(client, 'renter');
    const dropped = await listingWith(landlord.client);
    const gone = await listingWith(landlord.client);
    const same = await listingWith(landlord.client);
    for (const listing of [dropped, gone, same]) {
      await renter.client.request('PUT', `/api/saved-listings/${listing.id}`);
    }
    const cut = { rentCents: 360_000, fees: [] };
    expect((await landlord.client.patch(`/api/listings/${dropped.id}`, cut)).status).toBe(200);
    const rented = { status: 'rented' };
    expect((await landlord.client.patch(`/api/listings/${gone.id}`, rented)).status).toBe(200);
    const tour = await booked(renter, same.id, slotIn(30));
    const conversation = await openConversation(renter, landlord, same.id);
    await send(landlord, conversation.id, 'Happy to show it.');
    await send(landlord, conversation.id, 'Saturday works.');

    const seen = await dashboard(renter.client);
    expect(seen.saved).toMatchObject({ total: 3, priceDrops: 1, noLongerAvailable: 1 });
    expect(seen.saved.items.map((item) => item.listingId).sort()).toEqual(
      [dropped.id, gone.id, same.id].sort(),
    );
    expect(seen.upcomingTours.map((t) => t.id)).toEqual([tour.id]);
    expect(seen.conversations.items[0]?.id).toBe(conversation.id);
    expect(seen.conversations.unreadTotal).toBeGreaterThanOrEqual(2);
  });

  it('suggests active listings like the saved ones: area, bedrooms, rent within 15%', async () => {
    const renter = await person(client, 'renter');
    const savedOne = await listingWith(landlord.client, { rentCents: 300_000, bedrooms: 2 });
    await renter.client.request('PUT', `/api/saved-listings/${savedOne.id}`);
    const near = await listingWith(otherLandlord.client, { rentCents: 340_000, bedrooms: 2 });
    const neighbour = await listingWith(otherLandlord.client, {
      rentCents: 290_000,
      bedrooms: 2,
      neighborhood: 'greenpoint',
    });
    const tooDear = await listingWith(otherLandlord.client, { rentCents: 360_000, bedrooms: 2 });
    const otherSize = await listingWith(otherLandlord.client, { rentCents: 300_000, bedrooms: 1 });
    const farAway = await listingWith(otherLandlord.client, {
      rentCents: 300_000,
      bedrooms: 2,
      neighborhood: 'upper-west-side',
    });
    const similar = (await dashboard(renter.client)).similar.map((listing) => listing.id);
    expect(similar).toContain(near.id);
    expect(similar).toContain(neighbour.id);
    for (const id of [savedOne.id, tooDear.id, otherSize.id, farAway.id]) {
      expect(similar).not.toContain(id);
    }
    expect(similar.length).toBeLessThanOrEqual(6);
  });
});

describe('GET /api/renter/dashboard authorization', () => {
  it('answers each renter with their own dashboard', async () => {
    const owner = await person(client, 'renter');
    const other = await person(client, 'renter');
    const listing = await listingWith(landlord.client);
    await owner.client.request('PUT', `/api/saved-listings/${listing.id}`);
    expect((await dashboard(owner.client)).saved.total).toBe(1);
    expect((await dashboard(other.client)).saved.total).toBe(0);
  });

  it('refuses landlords (403) and visitors (401)', async () => {
    expect((await landlord.client.get('/api/renter/dashboard')).status).toBe(403);
    expect((await visitor.get('/api/renter/dashboard')).status).toBe(401);
  });
});
