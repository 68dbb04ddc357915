import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { netEffectiveRentCents } from '../../../shared/listings.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { LandlordListingsSchema } from '../../../shared/schemas/landlord-listings.ts';
import {
  ListingPageSchema,
  NeighborhoodsResponseSchema,
  PhotoResponseSchema,
  PhotosResponseSchema,
} from '../../../shared/schemas/listing-responses.ts';
import { BROKER_FEE_MESSAGE } from '../../../shared/schemas/listings.ts';
import { listingPhotos, listings } from '../../db/schema/listings.ts';
import { authzMatrix, SIGNED_OUT } from '../../test/authz-matrix.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import {
  completeFields,
  publishListing,
  readListing,
  testJpeg,
  uploadPhoto,
} from '../../test/listing-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, db, client } = await createTestApp();

const landlord = client.fork();
await landlord.signUp({ userType: 'landlord', name: 'Lena Landlord' });
// Many listings published: more than the free plan allows (billing.test.ts covers the limit).
await onPlan(db, landlord);
const otherLandlord = client.fork();
await otherLandlord.signUp({ userType: 'landlord' });
const renter = client.fork();
await renter.signUp({ userType: 'renter' });
const visitor = client.fork();

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json()).error;
}

async function listingRow(id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row;
}

describe('creating listings', () => {
  it('lets a landlord create a draft from a title alone', async () => {
    const res = await landlord.post('/api/listings', { title: '  Sunny studio  ' });
    expect(res.status).toBe(201);
    const listing = await readListing(res);
    expect(listing).toMatchObject({
      status: 'draft',
      title: 'Sunny studio',
      rentCents: null,
      amenities: [],
      fees: [],
      photos: [],
      featured: false,
      landlord: { name: 'Lena Landlord' },
    });
  });

  it('refuses renters (403) and visitors (401), creating nothing', async () => {
    const before = await db.$count(listings);
    const asRenter = await renter.post('/api/listings', { title: 'Renter listing' });
    expect(asRenter.status).toBe(403);
    expect((await errorOf(asRenter)).code).toBe('FORBIDDEN');
    const asVisitor = await visitor.post('/api/listings', { title: 'Visitor listing' });
    expect(asVisitor.status).toBe(401);
    expect(await db.$count(listings)).toBe(before);
  });

  it.each([
    ['no title', {}, 'Please enter a title.'],
    ['a short title', { title: 'ab' }, 'Title must be at least 3 characters.'],
    [
      'an unknown neighborhood',
      { title: 'Nice', neighborhood: 'atlantis' },
      'Choose a neighborhood from the list.',
    ],
    [
      'an unknown amenity',
      { title: 'Nice', amenities: ['moat'] },
      'Choose amenities from the list.',
    ],
    [
      'half a bedroom',
      { title: 'Nice', bedrooms: 1.5 },
      'Bedrooms are whole numbers (0 = studio).',
    ],
    [
      'a third of a bath',
      { title: 'Nice', bathrooms: 1.3 },
      'Bathrooms go in half steps (1, 1.5, 2 …).',
    ],
    [
      'a location in Boston',
      { title: 'Nice', lat: 42.36, lng: -71.06 },
      'The location must be in New York City.',
    ],
    ['unknown fields', { title: 'Nice', brokerFeeCents: 100 }, undefined],
    [
      'a broker fee',
      {
        title: 'Nice',
        fees: [{ type: 'broker', amountCents: 500000, frequency: 'one_time', required: true }],
      },
      BROKER_FEE_MESSAGE,
    ],
    [
      'a broker fee in disguise',
      {
        title: 'Nice',
        fees: [
          {
            type: 'other',
            description: 'Broker commission',
            amountCents: 1,
            frequency: 'one_time',
            required: true,
          },
        ],
      },
      BROKER_FEE_MESSAGE,
    ],
    [
      'an application fee over $20',
      {
        title: 'Nice',
        fees: [{ type: 'application', amountCents: 5000, frequency: 'one_time', required: true }],
      },
      'New York caps the application fee at $20.',
    ],
    [
      'a deposit over one month',
      {
        title: 'Nice',
        rentCents: 300000,
        fees: [
          { type: 'security_deposit', amountCents: 600000, frequency: 'one_time', required: true },
        ],
      },
      "New York limits the security deposit to one month's rent.",
    ],
    [
      'free months beyond the lease',
      { title: 'Nice', leaseTermMonths: 12, freeMonths: 12 },
      'Free months must be fewer than the lease term.',
    ],
  ])('refuses %s with 400 and creates nothing', async (_label, body, message) => {
    const before = await db.$count(listings);
    const res = await landlord.post('/api/listings', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_ERROR');
    if (message) expect(error.message).toBe(message);
    expect(await db.$count(listings)).toBe(before);
  });

  it('derives the borough from the neighborhood and starts the location at its center', async () => {
    const listing = await readListing(
      await landlord.post('/api/listings', { title: 'Astoria 2BR', neighborhood: 'astoria' }),
    );
    expect(listing.borough).toBe('queens');
    expect(listing.lat).toBeCloseTo(40.7644, 3);
    expect(listing.lng).toBeCloseTo(-73.9235, 3);
    // Still at the old center: it follows the new neighborhood; a set location stays.
    const moved = await readListing(
      await landlord.patch(`/api/listings/${listing.id}`, { neighborhood: 'harlem' }),
    );
    expect(moved).toMatchObject({ borough: 'manhattan', lat: 40.8116, lng: -73.9465 });
    await landlord.patch(`/api/listings/${listing.id}`, { lat: 40.81, lng: -73.95 });
    const kept = await readListing(
      await landlord.patch(`/api/listings/${listing.id}`, { neighborhood: 'east-harlem' }),
    );
    expect(kept).toMatchObject({ borough: 'manhattan', lat: 40.81, lng: -73.95 });
  });
});

describe('editing and publishing', () => {
  it('fills a draft step by step, then publishes it once complete', async () => {
    const draft = await readListing(
      await landlord.post('/api/listings', { title: 'Step by step' }),
    );
    const step1 = await readListing(
      await landlord.patch(`/api/listings/${draft.id}`, {
        neighborhood: 'park-slope',
        address: '12 5th Ave',
      }),
    );
    expect(step1).toMatchObject({
      neighborhood: 'park-slope',
      borough: 'brooklyn',
      status: 'draft',
    });
    const step2 = await readListing(
      await landlord.patch(`/api/listings/${draft.id}`, { rentCents: 410_000, bedrooms: 2 }),
    );
    // A partial PATCH keeps what was there.
    expect(step2).toMatchObject({ address: '12 5th Ave', rentCents: 410_000, bedrooms: 2 });

    const early = await landlord.patch(`/api/listings/${draft.id}`, { status: 'active' });
    expect(early.status).toBe(400);
    const error = await errorOf(early);
    expect(error.message).toMatch(/^Before publishing, complete: /);
    const missing = (error.details as { path: string }[]).map((d) => d.path);
    expect(missing).toEqual(
      expect.arrayContaining([
        'description',
        'bathrooms',
        'availableFrom',
        'pets',
        'laundry',
        'photos',
      ]),
    );
    expect(missing).not.toContain('address');
    expect((await listingRow(draft.id))?.status).toBe('draft');

    await readListing(
      await landlord.patch(
        `/api/listings/${draft.id}`,
        completeFields({ neighborhood: 'park-slope' }),
      ),
    );
    expect((await uploadPhoto(app, landlord, draft.id, await testJpeg())).status).toBe(201);
    const live = await readListing(
      await landlord.patch(`/api/listings/${draft.id}`, { status: 'active' }),
    );
    expect(live.status).toBe('active');
    expect(live.publishedAt).not.toBeNull();
    expect(live.photos).toHaveLength(1);
  });

  it('lets only the owner edit: another landlord 404, a renter 403, a visitor 401', async () => {
    const listing = await publishListing(app, landlord);
    const other = await otherLandlord.patch(`/api/listings/${listing.id}`, { title: 'Stolen' });
    expect(other.status).toBe(404);
    const asRenter = await renter.patch(`/api/listings/${listing.id}`, { title: 'Stolen' });
    expect(asRenter.status).toBe(403);
    const asVisitor = await visitor.patch(`/api/listings/${listing.id}`, { title: 'Stolen' });
    expect(asVisitor.status).toBe(401);
    const publishOther = await otherLandlord.patch(`/api/listings/${listing.id}`, {
      status: 'archived',
    });
    expect(publishOther.status).toBe(404);
    expect((await listingRow(listing.id))?.title).toBe(listing.title);
    expect((await listingRow(listing.id))?.status).toBe('active');
  });

  it('moves through the lifecycle and refuses impossible transitions with 409', async () => {
    const listing = await publishListing(app, landlord);
    const rented = await readListing(
      await landlord.patch(`/api/listings/${listing.id}`, { status: 'rented' }),
    );
    expect(rented.status).toBe('rented');
    const toDraft = await landlord.patch(`/api/listings/${listing.id}`, { status: 'draft' });
    expect(toDraft.status).toBe(409);
    expect((await errorOf(toDraft)).message).toBe('A rented listing cannot become draft.');
    const relisted = await readListing(
      await landlord.patch(`/api/listings/${listing.id}`, { status: 'active' }),
    );
    expect(relisted.status).toBe('active');
    const archived = await readListing(
      await landlord.patch(`/api/listings/${listing.id}`, { status: 'archived' }),
    );
    expect(archived.status).toBe('archived');
  });

  it('keeps a live listing complete: clearing a required field is refused', async () => {
    const listing = await publishListing(app, landlord);
    const res = await landlord.patch(`/api/listings/${listing.id}`, { address: null });
    expect(res.status).toBe(400);
    expect((await listingRow(listing.id))?.address).toBe(listing.address);
  });

  it('computes the net effective rent from free months and shows both', async () => {
    const listing = await publishListing(app, landlord, {
      rentCents: 400_000,
      leaseTermMonths: 13,
      freeMonths: 1,
      fees: [],
    });
    expect(listing.rentCents).toBe(400_000);
    expect(listing.freeMonths).toBe(1);
    // $4,000 × 12 / 13 = $3,692.31, quoted in whole dollars.
    expect(listing.netEffectiveRentCents).toBe(369_200);
    expect(netEffectiveRentCents(400_000, 13, 1)).toBe(369_200);
    expect(netEffectiveRentCents(100_050, 2, 1)).toBe(50_000);
    expect(netEffectiveRentCents(100_100, 2, 1)).toBe(50_100);
  });

  it('takes rent in whole dollars only, and changes nothing otherwise', async () => {
    const listing = await publishListing(app, landlord, { rentCents: 400_000 });
    const res = await landlord.patch(`/api/listings/${listing.id}`, { rentCents: 315_050 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: unknown[] } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toContainEqual(
      expect.objectContaining({ path: 'rentCents', message: 'Enter the rent in whole dollars.' }),
    );
    expect((await listingRow(listing.id))?.rentCents).toBe(400_000);
  });

  it('lets only an admin set featured', async () => {
    const listing = await publishListing(app, landlord);
    const res = await landlord.patch(`/api/listings/${listing.id}`, { featured: true });
    expect(res.status).toBe(403);
    expect((await listingRow(listing.id))?.featured).toBe(false);
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    const bad = await landlord.patch('/api/listings/not-a-uuid', { title: 'Whatever' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe('Invalid listing ID format');
    const unknown = await landlord.patch('/api/listings/00000000-0000-4000-8000-000000000000', {
      title: 'Whatever',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('visibility', () => {
  const matrix = authzMatrix({
    client,
    seats: {
      signedOut: SIGNED_OUT,
      renter: { client: renter },
      otherLandlord: { client: otherLandlord },
      landlord: { client: landlord },
    },
  });
  const OWNER_ONLY = { signedOut: 404, renter: 404, otherLandlord: 404, landlord: 200 };
  const hidden: string[] = [];
  const view = (id: string) => ({ method: 'GET', path: `/api/listings/${id}` });

  matrix.row({
    name: 'GET /api/listings/{id} of a draft: its landlord only',
    setup: async () => {
      const draft = await readListing(
        await landlord.post('/api/listings', { title: 'Secret draft' }),
      );
      hidden.push(draft.id);
      return draft.id;
    },
    expect: OWNER_ONLY,
    request: view,
  });

  matrix.row({
    name: 'GET /api/listings/{id} of an archived listing: its landlord only',
    setup: async () => {
      const live = await publishListing(app, landlord);
      expect((await visitor.get(`/api/listings/${live.id}`)).status).toBe(200);
      await landlord.patch(`/api/listings/${live.id}`, { status: 'archived' });
      hidden.push(live.id);
      return live.id;
    },
    expect: OWNER_ONLY,
    request: view,
  });

  it('leaves drafts and archived listings out of search', async () => {
    expect(hidden).toHaveLength(2);
    const search = ListingPageSchema.parse(
      await (await visitor.get('/api/listings?limit=50')).json(),
    );
    const ids = search.items.map((i) => i.id);
    for (const id of hidden) expect(ids).not.toContain(id);
  });

  it('counts public views, not the owner’s', async () => {
    const listing = await publishListing(app, landlord);
    await visitor.get(`/api/listings/${listing.id}`);
    await renter.get(`/api/listings/${listing.id}`);
    await landlord.get(`/api/listings/${listing.id}`);
    const mine = LandlordListingsSchema.parse(
      await (await landlord.get('/api/landlord/listings')).json(),
    );
    expect(mine.items.find((i) => i.id === listing.id)?.viewCount).toBe(2);
  });
});

describe('GET /api/landlord/listings', () => {
  it('lists only the landlord’s own listings, every status, with counters', async () => {
    const draft = await readListing(
      await landlord.post('/api/listings', { title: 'Dashboard draft' }),
    );
    const live = await publishListing(app, landlord);
    await renter.request('PUT', `/api/saved-listings/${live.id}`);
    const theirs = await readListing(
      await otherLandlord.post('/api/listings', { title: 'Not yours' }),
    );
    const body = LandlordListingsSchema.parse(
      await (await landlord.get('/api/landlord/listings')).json(),
    );
    const ids = body.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([draft.id, live.id]));
    expect(ids).not.toContain(theirs.id);
    expect(body.items.find((i) => i.id === draft.id)?.status).toBe('draft');
    expect(body.items.find((i) => i.id === live.id)).toMatchObject({
      saveCount: 1,
      inquiryCount: 0,
    });
  });

  it('is for landlords only', async () => {
    expect((await renter.get('/api/landlord/listings')).status).toBe(403);
    expect((await visitor.get('/api/landlord/listings')).status).toBe(401);
  });
});

describe('photos', () => {
  it('re-encodes to WebP at fixed widths without upscaling, strips metadata, serves immutably', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Photo test' }));
    const res = await uploadPhoto(
      app,
      landlord,
      draft.id,
      await testJpeg({ width: 1000, height: 750, exif: true }),
      {
        name: '../../etc/passwd.jpg',
      },
    );
    expect(res.status).toBe(201);
    const { photo } = PhotoResponseSchema.parse(await res.json());
    expect(photo.sources.map((s) => s.width)).toEqual([400, 800, 1000]);
    expect(photo.sources.map((s) => s.height)).toEqual([300, 600, 750]);
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.placeholder.length).toBeLessThan(600);
    for (const source of photo.sources) {
      expect(source.url).toMatch(/^\/media\/listings\/[0-9a-f-]+\/[0-9a-f-]+-\d+\.webp$/);
      expect(source.url).not.toContain('passwd');
      const media = await app.request(source.url);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/webp');
      expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(media.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: source.width, height: source.height });
      expect(meta.exif).toBeUndefined();
    }
  });

  it.each([
    [
      'an HTML page named .jpg',
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      /not a photo we can read/,
    ],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>',
      ),
      /SVG files are not accepted/,
    ],
    [
      'a GIF/HTML polyglot',
      Buffer.from('GIF89a<html><script>alert(1)</script></html>'),
      /not a photo we can read|web page code/,
    ],
    [
      'plain text',
      Buffer.from('just some text, certainly not an image'),
      /not a photo we can read/,
    ],
    ['an empty file', Buffer.alloc(0), /not a photo we can read/],
  ])('refuses %s with a clear message', async (_label, data, message) => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Bad photo' }));
    const res = await uploadPhoto(app, landlord, draft.id, data);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(message);
    expect(await db.$count(listingPhotos, eq(listingPhotos.listingId, draft.id))).toBe(0);
  });

  it('refuses a JPEG that decodes but carries HTML (a polyglot)', async () => {
    const jpeg = await testJpeg();
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    // A JPEG comment segment (FFFE) right after the SOI marker: still a valid JPEG.
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, html.length + 2]), html]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Polyglot' }));
    const res = await uploadPhoto(app, landlord, draft.id, polyglot);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      'That file contains web page code, so it is not accepted as a photo.',
    );
  });

  it('refuses files over 10 MiB and tiny images', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Big photo' }));
    const big = Buffer.concat([await testJpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadPhoto(app, landlord, draft.id, big);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('Photos must be 10 MiB or smaller.');
    const tiny = await uploadPhoto(
      app,
      landlord,
      draft.id,
      await testJpeg({ width: 50, height: 50 }),
    );
    expect(tiny.status).toBe(400);
    expect((await errorOf(tiny)).message).toMatch(/at least 200/);
  });

  it('lets only the owner upload: another landlord 404, a renter 403, a visitor 401', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Mine' }));
    const jpeg = await testJpeg();
    expect((await uploadPhoto(app, otherLandlord, draft.id, jpeg)).status).toBe(404);
    expect((await uploadPhoto(app, renter, draft.id, jpeg)).status).toBe(403);
    expect((await uploadPhoto(app, visitor, draft.id, jpeg)).status).toBe(401);
    expect(await db.$count(listingPhotos, eq(listingPhotos.listingId, draft.id))).toBe(0);
  });

  it('reorders (first is the cover) and deletes photos, owner only', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Gallery' }));
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await uploadPhoto(
        app,
        landlord,
        draft.id,
        await testJpeg({ width: 300 + i * 10 }),
      );
      ids.push(PhotoResponseSchema.parse(await res.json()).photo.id);
    }
    const order = [ids[2], ids[0], ids[1]] as string[];
    const other = await otherLandlord.patch(`/api/listings/${draft.id}/photos`, { order });
    expect(other.status).toBe(404);
    const res = await landlord.patch(`/api/listings/${draft.id}/photos`, { order });
    expect(PhotosResponseSchema.parse(await res.json()).photos.map((p) => p.id)).toEqual(order);
    const incomplete = await landlord.patch(`/api/listings/${draft.id}/photos`, {
      order: order.slice(1),
    });
    expect(incomplete.status).toBe(400);

    const removed = await landlord.request('DELETE', `/api/listings/${draft.id}/photos/${ids[2]}`);
    expect(PhotosResponseSchema.parse(await removed.json()).photos.map((p) => p.id)).toEqual([
      ids[0],
      ids[1],
    ]);
    const listing = await readListing(await landlord.get(`/api/listings/${draft.id}`));
    expect(listing.photos.map((p) => p.id)).toEqual([ids[0], ids[1]]);
    const stranger = await otherLandlord.request(
      'DELETE',
      `/api/listings/${draft.id}/photos/${ids[0]}`,
    );
    expect(stranger.status).toBe(404);
  });

  it('keeps at least one photo on a live listing', async () => {
    const listing = await publishListing(app, landlord);
    const only = listing.photos[0]?.id;
    const res = await landlord.request('DELETE', `/api/listings/${listing.id}/photos/${only}`);
    expect(res.status).toBe(409);
  });
});

describe('GET /api/neighborhoods', () => {
  it('lists at least 60 neighborhoods across all five boroughs', async () => {
    const body = NeighborhoodsResponseSchema.parse(
      await (await visitor.get('/api/neighborhoods')).json(),
    );
    expect(body.items.length).toBeGreaterThanOrEqual(60);
    expect(new Set(body.items.map((n) => n.borough)).size).toBe(5);
  });
});
