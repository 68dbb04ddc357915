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

/** Note photos (issue 15): the listing photo pipeline, private keys, the cap, cascades. */

const { app, client, db, deps } = await createTestApp();
const jpeg = await testJpeg();
const mediaDir = path.join(deps.env.DATA_DIR, 'media', 'notes');

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
      expect(source.url).toMatch(/^\/media\/notes\/[0-9a-f]{32}-\d+\.webp$/);
      expect(source.url).not.toContain(note.id);
      expect(source.url).not.toContain(who.id);
    }
    const served = await app.request(body.photo.url);
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
    expect((await app.request(first.photo.url)).status).toBe(404);
    expect((await app.request(second.photo.url)).status).toBe(200);

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
    const files = storedFiles().filter((f) => photo.url.includes(f.split('-')[0] ?? '?'));
    expect(files.length).toBe(photo.sources.length);
    const res = await who.client.request('DELETE', `/api/notes/${note.id}`);
    expect(res.status).toBe(204);
    expect(await photoRows(note.id)).toBe(0);
    for (const source of photo.sources) expect((await app.request(source.url)).status).toBe(404);
    expect(storedFiles().filter((f) => files.includes(f))).toEqual([]);
  });
});
