import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors.ts';
import {
  AdminListingResponseSchema,
  AdminListingsSchema,
  AdminOverviewSchema,
} from '../../../shared/schemas/admin.ts';
import {
  FeaturedListingsSchema,
  ListingPageSchema,
} from '../../../shared/schemas/listing-responses.ts';
import { SavedListingsSchema } from '../../../shared/schemas/saved-listings.ts';
import { adminPerson, errorOf } from '../../test/admin-fixtures.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, client, db } = await createTestApp();
const admin = await adminPerson(client, db);
const renter = await person(client, 'renter');
const visitor = client.fork();

async function audits(targetId: string) {
  const result = await db.execute<{ action: string; details: Record<string, unknown> }>(sql`
    select action, details from admin_audit_log where target_id = ${targetId}
    order by created_at, id`);
  return result.rows;
}

async function searchIds(): Promise<string[]> {
  const page = ListingPageSchema.parse(await (await visitor.get('/api/listings?limit=50')).json());
  return page.items.map((l) => l.id);
}

async function featuredIds(): Promise<string[]> {
  const res = await visitor.get('/api/listings/featured?limit=50');
  return FeaturedListingsSchema.parse(await res.json()).items.map((l) => l.id);
}

async function landlordWithListing(overrides: Record<string, unknown> = {}) {
  const landlord = await person(client, 'landlord');
  const listing = await publishListing(app, landlord.client, overrides);
  return { landlord, listing };
}

const act = (id: string, action: string, body: unknown = {}) =>
  admin.client.post(`/api/admin/listings/${id}/${action}`, body);

describe('takedown', () => {
  it('hides an unpublished listing everywhere and keeps the landlord from republishing it', async () => {
    const { landlord, listing } = await landlordWithListing();
    expect((await act(listing.id, 'feature')).status).toBe(200);
    expect((await renter.client.request('PUT', `/api/saved-listings/${listing.id}`)).status).toBe(
      201,
    );
    expect(await searchIds()).toContain(listing.id);
    expect(await featuredIds()).toContain(listing.id);

    const res = await act(listing.id, 'unpublish', { reason: 'Photos are of another unit.' });
    expect(res.status).toBe(200);
    const taken = AdminListingResponseSchema.parse(await res.json()).listing;
    expect(taken).toMatchObject({ status: 'archived', featured: false });
    expect(taken.unpublishedAt).not.toBeNull();

    expect(await searchIds()).not.toContain(listing.id);
    expect(await featuredIds()).not.toContain(listing.id);
    expect((await visitor.get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await renter.client.get(`/api/listings/${listing.id}`)).status).toBe(404);
    const saved = SavedListingsSchema.parse(
      await (await renter.client.get('/api/saved-listings')).json(),
    );
    expect(saved.items.find((s) => s.listingId === listing.id)?.available).toBe(false);

    // The landlord still sees it, but no status change brings it back.
    expect((await landlord.client.get(`/api/listings/${listing.id}`)).status).toBe(200);
    for (const status of ['active', 'draft']) {
      const republish = await landlord.client.patch(`/api/listings/${listing.id}`, { status });
      expect(republish.status).toBe(409);
      expect(await errorOf(republish)).toEqual({
        code: 'LISTING_UNPUBLISHED',
        message: ERRORS.LISTING_UNPUBLISHED.message,
      });
    }
    const row = (
      await db.execute<{ status: string; unpublished_from_status: string }>(
        sql`select status, unpublished_from_status from listings where id = ${listing.id}`,
      )
    ).rows[0];
    expect(row).toEqual({ status: 'archived', unpublished_from_status: 'active' });
    expect(await searchIds()).not.toContain(listing.id);
    expect(await audits(listing.id)).toEqual([
      { action: 'listing.feature', details: { from: 'active', to: 'active' } },
      {
        action: 'listing.unpublish',
        details: { reason: 'Photos are of another unit.', from: 'active', to: 'archived' },
      },
    ]);
  });

  it('restore puts it back as it was, in search and on its page', async () => {
    const { landlord, listing } = await landlordWithListing();
    expect((await act(listing.id, 'unpublish')).status).toBe(200);
    // Unpublishing again changes nothing more.
    expect((await act(listing.id, 'unpublish')).status).toBe(200);
    const res = await act(listing.id, 'restore');
    expect(res.status).toBe(200);
    const restored = AdminListingResponseSchema.parse(await res.json()).listing;
    expect(restored).toMatchObject({ status: 'active', unpublishedAt: null });
    expect(await searchIds()).toContain(listing.id);
    expect((await visitor.get(`/api/listings/${listing.id}`)).status).toBe(200);
    // The landlord is back in charge of it.
    const archived = await readListing(
      await landlord.client.patch(`/api/listings/${listing.id}`, { status: 'archived' }),
    );
    expect(archived.status).toBe('archived');
    expect((await audits(listing.id)).map((a) => a.action)).toEqual([
      'listing.unpublish',
      'listing.restore',
    ]);
  });

  it('restores a draft taken down to a draft', async () => {
    const landlord = await person(client, 'landlord');
    const draft = await readListing(
      await landlord.client.post('/api/listings', { title: 'Garden duplex, needs a look' }),
    );
    expect((await act(draft.id, 'unpublish')).status).toBe(200);
    const res = await act(draft.id, 'restore');
    expect(AdminListingResponseSchema.parse(await res.json()).listing.status).toBe('draft');
  });
});

describe('featuring', () => {
  it('features and unfeatures an active listing; a draft cannot be featured', async () => {
    const { listing } = await landlordWithListing();
    const featured = await act(listing.id, 'feature', { featured: true });
    expect(AdminListingResponseSchema.parse(await featured.json()).listing.featured).toBe(true);
    expect(await featuredIds()).toContain(listing.id);
    const unfeatured = await act(listing.id, 'feature', { featured: false });
    expect(AdminListingResponseSchema.parse(await unfeatured.json()).listing.featured).toBe(false);
    expect(await featuredIds()).not.toContain(listing.id);
    expect((await audits(listing.id)).map((a) => a.action)).toEqual([
      'listing.feature',
      'listing.unfeature',
    ]);

    const landlord = await person(client, 'landlord');
    const draft = await readListing(
      await landlord.client.post('/api/listings', { title: 'Draft' }),
    );
    const refused = await act(draft.id, 'feature');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('CONFLICT');
    expect(await audits(draft.id)).toEqual([]);
  });

  it('records staff featuring through PATCH /api/listings/{id} too', async () => {
    const { listing } = await landlordWithListing();
    const res = await admin.client.patch(`/api/listings/${listing.id}`, { featured: true });
    expect(res.status).toBe(200);
    expect((await audits(listing.id)).map((a) => a.action)).toEqual(['listing.feature']);
  });

  it('refuses a body that is not a boolean with a 400 and changes nothing', async () => {
    const { listing } = await landlordWithListing();
    const res = await act(listing.id, 'feature', { featured: 'yes' });
    expect(res.status).toBe(400);
    expect(await audits(listing.id)).toEqual([]);
  });
});

describe('unknown ids and the list', () => {
  it('answers unknown and malformed ids with 404 and changes nothing', async () => {
    const before = await db.execute(sql`select count(*)::int as n from admin_audit_log`);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const action of ['unpublish', 'restore', 'feature']) {
        const res = await act(id, action);
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'Listing not found.' });
      }
    }
    const after = await db.execute(sql`select count(*)::int as n from admin_audit_log`);
    expect(after.rows).toEqual(before.rows);
  });

  it('lists every status, searching title, address and landlord', async () => {
    const landlord = await person(client, 'landlord', 'Wombat Holdings');
    const live = await publishListing(app, landlord.client, { address: '9 Zebrawood Lane' });
    const draft = await readListing(
      await landlord.client.post('/api/listings', { title: 'Okapi loft' }),
    );
    const list = async (q: string) =>
      AdminListingsSchema.parse(
        await (await admin.client.get(`/api/admin/listings?q=${encodeURIComponent(q)}`)).json(),
      ).items.map((l) => l.id);
    expect(await list('wombat')).toEqual([draft.id, live.id]);
    expect(await list('ZEBRAWOOD')).toEqual([live.id]);
    expect(await list('okapi')).toEqual([draft.id]);
    const page = AdminListingsSchema.parse(
      await (await admin.client.get('/api/admin/listings?q=wombat')).json(),
    );
    expect(page.items[0]?.landlord).toEqual({
      id: landlord.id,
      name: landlord.name,
      email: landlord.email,
    });
  });

  it('counts taken-down and featured listings in the overview', async () => {
    const overview = AdminOverviewSchema.parse(
      await (await admin.client.get('/api/admin/overview')).json(),
    );
    const row = (
      await db.execute<{ unpublished: number; active: number }>(sql`
        select count(unpublished_at)::int as unpublished,
          count(*) filter (where status = 'active')::int as active from listings`)
    ).rows[0];
    expect(overview.listings.unpublished).toBe(row?.unpublished);
    expect(overview.listings.unpublished).toBeGreaterThan(0);
    expect(overview.listings.active).toBe(row?.active);
  });
});
