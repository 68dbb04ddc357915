import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LandlordProfileSchema } from '../../../shared/schemas/billing.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { ListingResponseSchema } from '../../../shared/schemas/listing-responses.ts';
import { publishListing, testJpeg } from '../../test/listing-fixtures.ts';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import { type ApiClient, createTestApp } from '../../test/test-app.ts';
import { refreshResponseFigures } from './landlord-profile.service.ts';

const { app, db, client, deps } = await createTestApp();

const renter = await person(client, 'renter');
const visitor = client.fork();

async function profileOf(who: ApiClient) {
  const res = await who.get('/api/landlord/profile');
  expect(res.status, await res.clone().text()).toBe(200);
  return LandlordProfileSchema.parse(await res.json());
}

function uploadProfilePhoto(who: ApiClient, data: Buffer | string, name = 'me.jpg') {
  const form = new FormData();
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  form.append('photo', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
  return Promise.resolve(
    app.request('/api/landlord/profile/photo', {
      method: 'POST',
      body: form,
      headers: who.cookie ? { cookie: who.cookie } : {},
    }),
  );
}

const mediaKey = (url: string) => url.replace(/^\/media\//, '');

describe('GET/PUT /api/landlord/profile', () => {
  it('defaults to the user’s name, then keeps what the landlord wrote', async () => {
    const landlord = await person(client, 'landlord');
    const empty = await profileOf(landlord.client);
    expect(empty).toMatchObject({
      landlordId: landlord.id,
      displayName: landlord.name,
      phone: null,
      bio: null,
      languages: [],
      photoUrl: null,
      medianFirstReplyMinutes: null,
      replyRate: null,
    });
    const res = await landlord.client.request('PUT', '/api/landlord/profile', {
      displayName: '  Bedford Property Co.  ',
      phone: '+1 (718) 555-0100',
      bio: 'Family-run buildings in Williamsburg since 1998.',
      languages: ['English', 'Spanish', 'English'],
    });
    expect(res.status).toBe(200);
    const saved = LandlordProfileSchema.parse(await res.json());
    expect(saved).toMatchObject({
      displayName: 'Bedford Property Co.',
      phone: '+1 (718) 555-0100',
      bio: 'Family-run buildings in Williamsburg since 1998.',
      languages: ['English', 'Spanish'],
    });
    expect(await profileOf(landlord.client)).toEqual(saved);
    // A PUT replaces: what is left out is cleared.
    const cleared = await landlord.client.request('PUT', '/api/landlord/profile', {
      displayName: 'Bedford Property Co.',
    });
    expect(LandlordProfileSchema.parse(await cleared.json())).toMatchObject({
      phone: null,
      bio: null,
      languages: [],
    });
  });

  it.each([
    [{ displayName: '' }, 'Enter a name renters will see.'],
    [{ displayName: 'x'.repeat(81) }, 'Keep the name to 80 characters.'],
    [{ displayName: 'Ok', phone: 'call me' }, 'Use digits, spaces and + ( ) - only.'],
    [{}, undefined],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const landlord = await person(client, 'landlord');
    const res = await landlord.client.request('PUT', '/api/landlord/profile', body);
    expect(res.status).toBe(400);
    const { error } = ErrorBodySchema.parse(await res.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    if (message) expect(error.message).toBe(message);
    expect((await profileOf(landlord.client)).displayName).toBe(landlord.name);
  });

  it('computes the median first reply and the reply rate from messaging', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    const askers = [renter, await person(client, 'renter'), await person(client, 'renter')];
    const conversations = [];
    for (const asker of askers) {
      const conversation = await openConversation(asker, landlord, listing.id);
      await send(asker, conversation.id, 'Is it available?');
      conversations.push(conversation);
    }
    // Replies after 10 and 30 minutes; the third renter is still waiting.
    await send(landlord, conversations[0]?.id ?? '', 'Yes!');
    await send(landlord, conversations[1]?.id ?? '', 'It is.');
    await backdateFirstMessage(conversations[0]?.id ?? '', 10);
    await backdateFirstMessage(conversations[1]?.id ?? '', 30);
    // A conversation the landlord started does not count.
    const other = await person(client, 'renter');
    const own = await openConversation(landlord, other, listing.id);
    await send(landlord, own.id, 'Following up on your tour.');
    const profile = await profileOf(landlord.client);
    expect(profile.replyRate).toBeCloseTo(2 / 3);
    expect(profile.medianFirstReplyMinutes).toBe(20);
  });
});

describe('profile photo', () => {
  it('re-encodes the upload to WebP without metadata, replaces and removes it', async () => {
    const landlord = await person(client, 'landlord');
    const res = await uploadProfilePhoto(landlord.client, await testJpeg({ exif: true }));
    expect(res.status, await res.clone().text()).toBe(201);
    const profile = LandlordProfileSchema.parse(await res.json());
    expect(profile.photoUrl).toMatch(/^\/media\/landlords\/.+-400\.webp$/);
    const stored = await deps.storage.read(mediaKey(profile.photoUrl ?? ''));
    const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const second = LandlordProfileSchema.parse(
      await (await uploadProfilePhoto(landlord.client, await testJpeg())).json(),
    );
    expect(second.photoUrl).not.toBe(profile.photoUrl);
    expect(await deps.storage.exists(mediaKey(profile.photoUrl ?? ''))).toBe(false);

    const removed = await landlord.client.request('DELETE', '/api/landlord/profile/photo');
    expect(removed.status).toBe(200);
    expect(LandlordProfileSchema.parse(await removed.json()).photoUrl).toBeNull();
    expect(await deps.storage.exists(mediaKey(second.photoUrl ?? ''))).toBe(false);
  });

  it('refuses what listing photos refuse, with the same messages', async () => {
    const landlord = await person(client, 'landlord');
    const notPhoto = await uploadProfilePhoto(landlord.client, 'just text');
    expect(notPhoto.status).toBe(400);
    expect(ErrorBodySchema.parse(await notPhoto.json()).error.message).toBe(
      'That file is not a photo we can read. Upload a JPEG, PNG, WebP or AVIF image.',
    );
    const tiny = await uploadProfilePhoto(
      landlord.client,
      await testJpeg({ width: 50, height: 50 }),
    );
    expect(tiny.status).toBe(400);
    expect((await profileOf(landlord.client)).photoUrl).toBeNull();
  });
});

describe('the landlord card on GET /api/listings/{id}', () => {
  it('shows the profile’s name, photo, bio and languages, never the phone', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    const before = await readCard(listing.id);
    expect(before).toMatchObject({ displayName: landlord.name, photoUrl: null, languages: [] });
    await landlord.client.request('PUT', '/api/landlord/profile', {
      displayName: 'Bedford Property Co.',
      phone: '718 555 0100',
      bio: 'Quick to answer.',
      languages: ['English', 'Polish'],
    });
    await uploadProfilePhoto(landlord.client, await testJpeg());
    const card = await readCard(listing.id);
    expect(card).toMatchObject({
      id: landlord.id,
      displayName: 'Bedford Property Co.',
      bio: 'Quick to answer.',
      languages: ['English', 'Polish'],
    });
    expect(card.photoUrl).toMatch(/-400\.webp$/);
    // The number in any spelling, not its digits anywhere: a random id may hold "555".
    expect(card).not.toHaveProperty('phone');
    expect(JSON.stringify(card)).not.toMatch(/718\D?555\D?0100/);
  });
});

describe('response figures on the card', () => {
  it('are stored at a profile change and refreshed by the hourly job', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    const asker = await person(client, 'renter');
    const first = await openConversation(asker, landlord, listing.id);
    await send(asker, first.id, 'Is it available?');
    await send(landlord, first.id, 'Yes.');
    await landlord.client.request('PUT', '/api/landlord/profile', { displayName: 'Quick Co.' });
    expect(await readCard(listing.id)).toMatchObject({ medianFirstReplyMinutes: 0, replyRate: 1 });

    const waiting = await person(client, 'renter');
    const second = await openConversation(waiting, landlord, listing.id);
    await send(waiting, second.id, 'Still there?');
    // The page reads the stored figures: unchanged until the job runs.
    expect((await readCard(listing.id)).replyRate).toBe(1);
    expect(await refreshResponseFigures({ ctx: { db } })).toBeGreaterThanOrEqual(1);
    expect((await readCard(listing.id)).replyRate).toBe(0.5);
  });
});

describe('authorization', () => {
  it.each([
    ['GET', '/api/landlord/profile'],
    ['PUT', '/api/landlord/profile'],
    ['POST', '/api/landlord/profile/photo'],
    ['DELETE', '/api/landlord/profile/photo'],
  ])('%s %s: renters 403, visitors 401', async (method, path) => {
    const body = method === 'PUT' ? { displayName: 'Not a landlord' } : undefined;
    expect((await renter.client.request(method, path, body)).status).toBe(403);
    expect((await visitor.request(method, path, body)).status).toBe(401);
  });

  it('lets a landlord change only their own profile', async () => {
    const owner = await person(client, 'landlord');
    const other = await person(client, 'landlord');
    await owner.client.request('PUT', '/api/landlord/profile', { displayName: 'Owner Co.' });
    await other.client.request('PUT', '/api/landlord/profile', { displayName: 'Other Co.' });
    expect((await profileOf(owner.client)).displayName).toBe('Owner Co.');
    expect((await profileOf(other.client)).landlordId).toBe(other.id);
  });
});

async function readCard(listingId: string) {
  const res = await visitor.get(`/api/listings/${listingId}`);
  expect(res.status).toBe(200);
  return ListingResponseSchema.parse(await res.json()).listing.landlord;
}

async function backdateFirstMessage(conversationId: string, minutes: number) {
  await db.execute(sql`update messages set created_at = created_at - make_interval(mins => ${minutes})
    where id = (select id from messages where conversation_id = ${conversationId}
      order by created_at limit 1)`);
}
