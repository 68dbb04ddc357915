import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHOTO_UPLOADS_PER_HOUR_MAX } from '../../shared/constants.ts';
import { readListing, testJpeg, uploadPhotoTo } from '../test/listing-fixtures.ts';
import { type Person, person } from '../test/messaging-fixtures.ts';
import { makeNote } from '../test/note-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * Issue 26 on photo uploads (listing photos, the landlord portrait, note photos): an account
 * uploads at most 60 photos an hour, counted in PostgreSQL; and a signed-out upload is refused
 * before its body is read.
 */

const { app, client, db, deps } = await createTestApp();
const jpeg = await testJpeg();
const mediaRoot = path.join(deps.env.DATA_DIR, 'media');

async function hits(userId: string) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n
    from rate_limit_hits where user_id = ${userId} and action = 'photo-uploads'`);
  return rows[0]?.n ?? -1;
}

/** `n` uploads counted in the last hour, the oldest `oldestMinutesAgo` minutes ago. */
async function priorUploads(userId: string, n: number, oldestMinutesAgo: number) {
  await db.execute(sql`insert into rate_limit_hits (action, user_id, created_at)
    select 'photo-uploads', ${userId}, now() - make_interval(mins => ${oldestMinutesAgo})
      + (i * interval '1 second')
    from generate_series(0, ${n - 1}) as i`);
}

/** Every file under the media root (what an upload would add). */
function storedFiles(): string[] {
  if (!fs.existsSync(mediaRoot)) return [];
  return fs.readdirSync(mediaRoot, { recursive: true, encoding: 'utf8' }).sort();
}

async function draftOf(landlord: Person) {
  return readListing(await landlord.client.post('/api/listings', { title: 'Corner 1BR' }));
}

describe('at most 60 photo uploads an hour an account', () => {
  it('refuses the 61st with 429 and Retry-After, whichever kind of photo it is', async () => {
    expect(PHOTO_UPLOADS_PER_HOUR_MAX).toBe(60);
    const landlord = await person(client, 'landlord');
    const draft = await draftOf(landlord);
    const listingPath = `/api/listings/${draft.id}/photos`;
    // One real upload, then 59 more as rows (60 re-encodes would take minutes on CI).
    expect((await uploadPhotoTo(app, landlord.client, listingPath, jpeg)).status).toBe(201);
    expect(await hits(landlord.id)).toBe(1);
    const inserted = Date.now();
    await priorUploads(landlord.id, 59, 45);
    const before = storedFiles();

    for (const target of [listingPath, '/api/landlord/profile/photo']) {
      const res = await uploadPhotoTo(app, landlord.client, target, jpeg);
      expect(res.status, target).toBe(429);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({
        code: 'RATE_LIMITED',
        message: 'You have uploaded 60 photos in the last hour. Try again later.',
      });
      // The oldest of the hour's 60 leaves it 15 minutes after it was written, less the time
      // since then: bounded by the clock readings around it, not by a guess (issue 48).
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(
        Math.floor(15 * 60 - (Date.now() - inserted) / 1000),
      );
      expect(retryAfter).toBeLessThanOrEqual(15 * 60 + 1);
    }
    expect(storedFiles()).toEqual(before);
    expect(await hits(landlord.id)).toBe(60);
    const listing = await readListing(await landlord.client.get(`/api/listings/${draft.id}`));
    expect(listing.photos).toHaveLength(1);

    // A renter's note photos count the same way, against their own allowance.
    const renter = await person(client, 'renter');
    const note = await makeNote(renter);
    const renterInserted = Date.now();
    await priorUploads(renter.id, 60, 30);
    const notePhoto = await uploadPhotoTo(app, renter.client, `/api/notes/${note.id}/photos`, jpeg);
    expect(notePhoto.status).toBe(429);
    expect(Number(notePhoto.headers.get('retry-after'))).toBeGreaterThanOrEqual(
      Math.floor(30 * 60 - (Date.now() - renterInserted) / 1000),
    );
    expect(Number(notePhoto.headers.get('retry-after'))).toBeLessThanOrEqual(30 * 60 + 1);

    // Once the oldest is an hour old, the next one goes through.
    await db.execute(sql`update rate_limit_hits set created_at = now() - interval '61 minutes'
      where id = (select id from rate_limit_hits where user_id = ${landlord.id}
        order by created_at limit 1)`);
    expect((await uploadPhotoTo(app, landlord.client, listingPath, jpeg)).status).toBe(201);
    expect(await hits(landlord.id)).toBe(60);
  });

  it('gives the slot back when the upload is refused (not an image)', async () => {
    const renter = await person(client, 'renter');
    const note = await makeNote(renter);
    const target = `/api/notes/${note.id}/photos`;
    const refused = await uploadPhotoTo(app, renter.client, target, 'not a photo', {
      type: 'image/jpeg',
    });
    expect(refused.status).toBe(400);
    expect(await hits(renter.id)).toBe(0);
    expect((await uploadPhotoTo(app, renter.client, target, jpeg)).status).toBe(201);
    expect(await hits(renter.id)).toBe(1);
  });
});

/** A 10 MB body that records every read: pulled only when someone reads it. */
function watchedBody() {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls += 1;
        if (pulls * chunk.length >= 10 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulls };
}

function postStream(cookie: string, target: string, body: ReadableStream<Uint8Array>) {
  return app.request(target, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      'content-type': 'multipart/form-data; boundary=stoop-test',
      ...(cookie ? { cookie } : {}),
    },
  } as RequestInit);
}

describe('a signed-out photo upload', () => {
  it('is refused with 401 before its body is read, on every upload route', async () => {
    const landlord = await person(client, 'landlord');
    const draft = await draftOf(landlord);
    const renter = await person(client, 'renter');
    const note = await makeNote(renter);
    const targets = [
      `/api/listings/${draft.id}/photos`,
      '/api/landlord/profile/photo',
      `/api/notes/${note.id}/photos`,
    ];
    for (const target of targets) {
      const body = watchedBody();
      const res = await postStream('', target, body.stream);
      expect(res.status, target).toBe(401);
      const error = ((await res.json()) as { error: { code: string } }).error;
      expect(error.code).toBe('UNAUTHENTICATED');
      expect(body.pulls(), target).toBe(0);
    }
    // The wrong role is refused unread too.
    const wrongRole = watchedBody();
    const res = await postStream(renter.client.cookie, targets[0] ?? '', wrongRole.stream);
    expect(res.status).toBe(403);
    expect(wrongRole.pulls()).toBe(0);
    // Signed in, the same body is read (then refused for what it is).
    const read = watchedBody();
    const mine = await postStream(renter.client.cookie, targets[2] ?? '', read.stream);
    expect(mine.status).toBe(400);
    expect(read.pulls()).toBeGreaterThan(0);
  });
});
