import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { LandlordListingsSchema } from '../../../shared/schemas/landlord-listings.ts';
import {
  SavedListingResponseSchema,
  SavedListingsSchema,
} from '../../../shared/schemas/saved-listings.ts';
import { savedListings } from '../../db/schema/listings.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';

const { app, db, client } = await createTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const renter = client.fork();
const { email } = await renter.signUp({ userType: 'renter' });
const me = (await (await renter.get('/api/me')).json()) as { user: { id: string } };

const listing = await publishListing(app, landlord);
const second = await publishListing(app, landlord, { neighborhood: 'astoria' });

async function savedIds(who = renter) {
  const res = await who.get('/api/saved-listings');
  expect(res.status).toBe(200);
  return SavedListingsSchema.parse(await res.json()).items;
}

async function rowCount(listingId: string) {
  return db.$count(
    savedListings,
    and(eq(savedListings.userId, me.user.id), eq(savedListings.listingId, listingId)),
  );
}

describe('saved listings', () => {
  it('saves a listing; saving twice keeps one row', async () => {
    const first = await renter.request('PUT', `/api/saved-listings/${listing.id}`);
    expect(first.status).toBe(201);
    const body = SavedListingResponseSchema.parse(await first.json());
    expect(body.savedListing).toMatchObject({
      userId: me.user.id,
      listingId: listing.id,
      available: true,
      listing: { id: listing.id, title: listing.title },
    });
    const again = await renter.request('PUT', `/api/saved-listings/${listing.id}`);
    expect(again.status).toBe(200);
    expect(SavedListingResponseSchema.parse(await again.json()).savedListing.id).toBe(
      body.savedListing.id,
    );
    // Concurrent saves too: the unique constraint holds, not only the code path.
    await Promise.all(
      Array.from({ length: 5 }, () => renter.request('PUT', `/api/saved-listings/${listing.id}`)),
    );
    expect(await rowCount(listing.id)).toBe(1);
  });

  it('survives a new browser signed in as the same user', async () => {
    await renter.request('PUT', `/api/saved-listings/${second.id}`);
    const other = client.fork();
    expect((await other.signIn(email, TEST_PASSWORD)).status).toBe(200);
    const items = await savedIds(other);
    expect(items.map((i) => i.listingId)).toEqual([second.id, listing.id]);
  });

  it('marks a listing that is no longer available, and keeps it listed', async () => {
    await landlord.patch(`/api/listings/${second.id}`, { status: 'rented' });
    const items = await savedIds();
    expect(items.find((i) => i.listingId === second.id)).toMatchObject({
      available: false,
      listing: { status: 'rented' },
    });
    expect(items.find((i) => i.listingId === listing.id)?.available).toBe(true);
    // Saving it again is still idempotent, not a 404.
    expect((await renter.request('PUT', `/api/saved-listings/${second.id}`)).status).toBe(200);
  });

  it('unsaves idempotently', async () => {
    const first = await renter.request('DELETE', `/api/saved-listings/${listing.id}`);
    expect(first.status).toBe(204);
    const again = await renter.request('DELETE', `/api/saved-listings/${listing.id}`);
    expect(again.status).toBe(204);
    expect(await rowCount(listing.id)).toBe(0);
    expect((await savedIds()).map((i) => i.listingId)).not.toContain(listing.id);
  });

  it('cannot save a draft or an unknown listing (404) and needs a valid id (400)', async () => {
    const draft = await readListing(
      await landlord.post('/api/listings', { title: 'Hidden draft' }),
    );
    expect((await renter.request('PUT', `/api/saved-listings/${draft.id}`)).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await renter.request('PUT', `/api/saved-listings/${unknown}`)).status).toBe(404);
    const bad = await renter.request('PUT', '/api/saved-listings/not-an-id');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(await bad.json()).error.message).toBe('Invalid listing ID format');
    expect(await rowCount(draft.id)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const visitor = client.fork();
    expect((await visitor.get('/api/saved-listings')).status).toBe(401);
    expect((await visitor.request('PUT', `/api/saved-listings/${listing.id}`)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/saved-listings/${listing.id}`)).status).toBe(401);
  });

  it("keeps each user's list their own", async () => {
    const other = client.fork();
    await other.signUp({ userType: 'renter' });
    await other.request('PUT', `/api/saved-listings/${listing.id}`);
    expect((await savedIds(other)).map((i) => i.listingId)).toEqual([listing.id]);
    expect((await savedIds()).map((i) => i.listingId)).toEqual([second.id]);
  });

  it('refuses an owner saving their own listing (403), stores nothing', async () => {
    const owner = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };
    const res = await landlord.request('PUT', `/api/saved-listings/${listing.id}`);
    expect(res.status).toBe(403);
    expect(ErrorBodySchema.parse(await res.json()).error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot save your own listing.',
    });
    const stored = await db.$count(
      savedListings,
      and(eq(savedListings.userId, owner.user.id), eq(savedListings.listingId, listing.id)),
    );
    expect(stored).toBe(0);
    // Another landlord may still save it.
    const otherLandlord = client.fork();
    await otherLandlord.signUp({ userType: 'landlord' });
    expect((await otherLandlord.request('PUT', `/api/saved-listings/${listing.id}`)).status).toBe(
      201,
    );
  });

  it("never counts the owner's own save in the landlord's Saves", async () => {
    const owner = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };
    const fresh = await publishListing(app, landlord, { neighborhood: 'astoria' });
    // A row from before the rule (or written around the API) must not count either.
    await db.insert(savedListings).values({ userId: owner.user.id, listingId: fresh.id });
    await renter.request('PUT', `/api/saved-listings/${fresh.id}`);
    const res = await landlord.get('/api/landlord/listings');
    const items = LandlordListingsSchema.parse(await res.json()).items;
    expect(items.find((i) => i.id === fresh.id)?.saveCount).toBe(1);
  });
});
