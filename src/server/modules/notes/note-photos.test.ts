import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTE_LIMITS, NotePhotoResponseSchema } from '../../../shared/schemas/notes.ts';
import { notePhotos } from '../../db/schema/notes.ts';
import { PHOTO_MESSAGES } from '../../lib/images.ts';
import { testJpeg, uploadPhotoTo } from '../../test/listing-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { listNotes, makeNote, notesChangedCount } from '../../test/note-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Note photos (issue 15): the listing photo pipeline, private keys, the cap, cascades; served
 * only to their author, never at /media (issue 26).
 */

const { app, client, db, deps } = await createTestApp();
const jpeg = await testJpeg();
const mediaDir = path.join(deps.env.DATA_DIR, 'media', 'private', 'notes');

/** A photo's storage key, as the table has it. */
async function storageKeyOf(photoId: string) {
  const [row] = await db
    .select({ key: notePhotos.storageKey })
    .from(notePhotos)
    .where(eq(notePhotos.id, photoId));
  if (!row) throw new Error(`no note photo ${photoId}`);
  return row.key;
}

const upload = (who: Person, noteId: string, data: Buffer | string, type?: string) =>
  uploadPhotoTo(app, who.client, `/api/notes/${noteId}/photos`, data, type ? { type } : {});

/** Files stored for note photos, all notes together. */
const storedFiles = () => (fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir).sort() : []);

async function photoRows(noteId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notePhotos)
    .where(eq(notePhotos.noteId, noteId));
  return row?.n ?? 0;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('POST /api/notes/{id}/photos', () => {
  it('stores the photo like a listing photo, under a key that names neither note nor author', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const res = await upload(who, note.id, jpeg);
    expect(res.status).toBe(201);
    const body = NotePhotoResponseSchema.parse(await res.json());
    expect(body.note.photos).toEqual([body.photo]);
    // Photos are not synced text: no new version, no new edit time.
    expect(body.note).toMatchObject({ version: 1, updatedAt: note.updatedAt });
    expect(body.photo).toMatchObject({ width: 640, height: 480 });
    for (const source of body.photo.sources) {
      expect(source.url).toBe(`/api/notes/photos/${body.photo.id}/${source.width}`);
      expect(source.url).not.toContain(note.id);
      expect(source.url).not.toContain(who.id);
    }
    expect(await storageKeyOf(body.photo.id)).toMatch(/^private\/notes\/[0-9a-f]{32}$/);
    const served = await who.client.get(body.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await listNotes(who))[0]?.photos).toEqual([body.photo]);
    expect(await notesChangedCount(db, who.id)).toBe(2);
  });

  it.each([
    ['a text file', 'Just some notes, not a photo.', 'text/plain', PHOTO_MESSAGES.unreadable],
    [
      'a text file claiming to be a JPEG',
      'not really a jpeg',
      'image/jpeg',
      PHOTO_MESSAGES.unreadable,
    ],
    [
      'an SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"></svg>',
      'image/svg+xml',
      PHOTO_MESSAGES.svg,
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, data, type, message) => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const before = storedFiles();
    const res = await upload(who, note.id, data, type);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await photoRows(note.id)).toBe(0);
    expect(storedFiles()).toEqual(before);
    expect(await notesChangedCount(db, who.id)).toBe(1);
  });

  it('refuses a body that is not a multipart upload with 400', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const res = await who.client.post(`/api/notes/${note.id}/photos`, { photo: 'x' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      'Send the photo as multipart/form-data in a field named "photo".',
    );
  });

  it(`refuses photo ${NOTE_LIMITS.photos + 1} with 400 and stores nothing`, async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    expect((await upload(who, note.id, jpeg)).status).toBe(201);
    // The rest of the allowance as rows (each upload costs a re-encode on a busy CI machine).
    await db.insert(notePhotos).values(
      Array.from({ length: NOTE_LIMITS.photos - 1 }, (_, i) => ({
        noteId: note.id,
        position: i + 1,
        storageKey: `notes/${randomUUID().replaceAll('-', '')}`,
        widths: [400],
        width: 400,
        height: 300,
        placeholder: 'data:image/webp;base64,',
      })),
    );
    const before = storedFiles();
    const res = await upload(who, note.id, jpeg);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      `A note can have at most ${NOTE_LIMITS.photos} photos.`,
    );
    expect(await photoRows(note.id)).toBe(NOTE_LIMITS.photos);
    expect(storedFiles()).toEqual(before);
  });
});

describe('DELETE /api/notes/{id}/photos/{photoId}', () => {
  it('removes the photo and its files (204); the others keep their order', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const first = NotePhotoResponseSchema.parse(await (await upload(who, note.id, jpeg)).json());
    const second = NotePhotoResponseSchema.parse(await (await upload(who, note.id, jpeg)).json());
    const res = await who.client.request(
      'DELETE',
      `/api/notes/${note.id}/photos/${first.photo.id}`,
    );
    expect(res.status).toBe(204);
    expect((await listNotes(who))[0]?.photos).toEqual([second.photo]);
    expect((await who.client.get(first.photo.url)).status).toBe(404);
    expect((await who.client.get(second.photo.url)).status).toBe(200);

    const again = await who.client.request(
      'DELETE',
      `/api/notes/${note.id}/photos/${first.photo.id}`,
    );
    expect(again.status).toBe(404);
  });
});

describe('DELETE /api/notes/{id} with photos', () => {
  it("takes the note's photos with it, rows and files", async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const { photo } = NotePhotoResponseSchema.parse(
      await (await upload(who, note.id, jpeg)).json(),
    );
    const key = path.basename(await storageKeyOf(photo.id));
    const files = storedFiles().filter((f) => f.startsWith(`${key}-`));
    expect(files.length).toBe(photo.sources.length);
    const res = await who.client.request('DELETE', `/api/notes/${note.id}`);
    expect(res.status).toBe(204);
    expect(await photoRows(note.id)).toBe(0);
    for (const source of photo.sources) expect((await who.client.get(source.url)).status).toBe(404);
    expect(storedFiles().filter((f) => files.includes(f))).toEqual([]);
  });
});

describe('GET /api/notes/photos/{photoId}/{width} (issue 26: private to the author)', () => {
  it('serves each width to the author only, never cached, and never at /media', async () => {
    const who = await person(client, 'renter');
    const other = await person(client, 'renter');
    const note = await makeNote(who);
    const { photo } = NotePhotoResponseSchema.parse(
      await (await upload(who, note.id, jpeg)).json(),
    );
    const key = await storageKeyOf(photo.id);
    for (const source of photo.sources) {
      const mine = await who.client.get(source.url);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.headers.get('content-type')).toBe('image/webp');
      expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
      const file = fs.readFileSync(
        path.join(mediaDir, `${path.basename(key)}-${source.width}.webp`),
      );
      expect(Buffer.from(await mine.arrayBuffer())).toEqual(file);

      // Someone else, or nobody: the same 404 an unknown photo gets, and not cached either.
      const theirs = await other.client.get(source.url);
      const signedOut = await app.request(source.url);
      const unknown = await who.client.get(`/api/notes/photos/${randomUUID()}/${source.width}`);
      for (const res of [theirs, signedOut, unknown]) {
        expect(res.status).toBe(404);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect((await errorOf(res)).message).toBe('Photo not found');
      }
      // The file itself is not at /media, by any spelling of its key.
      const media = await app.request(`/media/${key}-${source.width}.webp`);
      expect(media.status).toBe(404);
      expect(media.headers.get('cache-control') ?? '').not.toContain('public');
    }
    expect((await who.client.get(`/api/notes/photos/${photo.id}/123`)).status).toBe(404);
    expect((await who.client.get(`/api/notes/photos/not-a-uuid/400`)).status).toBe(404);
    // A private key has no public URL to hand out (S3_PUBLIC_URL included).
    expect(() => deps.storage.publicUrl(`${key}-400.webp`)).toThrow(/private/);
  });

  it('keeps serving a photo stored under notes/ before issue 26, to its author only', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const legacyKey = `notes/${randomUUID().replaceAll('-', '')}`;
    const bytes = Buffer.from('RIFF0000WEBPVP8 legacy');
    const legacyDir = path.join(deps.env.DATA_DIR, 'media', 'notes');
    fs.mkdirSync(legacyDir, { recursive: true });
    fs.writeFileSync(path.join(deps.env.DATA_DIR, 'media', `${legacyKey}-400.webp`), bytes);
    const [row] = await db
      .insert(notePhotos)
      .values({
        noteId: note.id,
        position: 0,
        storageKey: legacyKey,
        widths: [400],
        width: 400,
        height: 300,
        placeholder: 'data:image/webp;base64,',
      })
      .returning({ id: notePhotos.id });
    const [listed] = (await listNotes(who))[0]?.photos ?? [];
    expect(listed?.url).toBe(`/api/notes/photos/${row?.id}/400`);
    const mine = await who.client.get(listed?.url ?? '');
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(bytes);
    expect((await app.request(listed?.url ?? '')).status).toBe(404);
    expect((await app.request(`/media/${legacyKey}-400.webp`)).status).toBe(404);
  });
});
