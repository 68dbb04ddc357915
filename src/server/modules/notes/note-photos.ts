import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Photo } from '../../../shared/schemas/listing-responses.ts';
import { NOTE_LIMITS, type Note } from '../../../shared/schemas/notes.ts';
import { notePhotos, notes } from '../../db/schema/notes.ts';
import { AppError } from '../../lib/app-error.ts';
import { photoColumns, processPhoto, storePhoto, variantKey } from '../../lib/images.ts';
import { PHOTO_UPLOADS_LIMIT, withRateLimit } from '../../lib/rate-limit.ts';
import { type MediaObject, PRIVATE_MEDIA_PREFIX } from '../../lib/storage.ts';
import { transactionWithEvents } from '../events/events.service.ts';
import { readNote } from './note-json.ts';
import {
  invalid,
  lockOwnNote,
  type NotesCtx,
  notesChanged,
  notFound,
  photoFiles,
} from './note-store.ts';

/*
 * A note's photos go through the listing photos' pipeline (checked by content, re-encoded to
 * WebP widths, stored). The note is private, and so are its photos (issue 26): stored under the
 * private prefix `/media` refuses (and a bucket policy can keep private), with a key of 128
 * random bits that says nothing of the note or its author, and served only to their author at
 * `/api/notes/photos/{photoId}/{width}` (`openNotePhoto`), never cached.
 * Photos are not part of a note's synced text: adding or removing one changes neither its
 * `version` nor its edit time, so it never makes an offline text edit a conflict.
 */

const tooManyPhotos = () =>
  invalid('photo', `A note can have at most ${NOTE_LIMITS.photos} photos.`);

/** `POST /api/notes/{id}/photos`: checked, re-encoded, stored, appended (201). */
export async function addNotePhoto({
  ctx,
  input: { noteId, data },
}: {
  ctx: NotesCtx;
  input: { noteId: string; data: Buffer };
}): Promise<{ photo: Photo; note: Note }> {
  const { db, user } = ctx;
  // Cheap checks before the costly part: an unknown note or a full one is refused unread.
  const [owned] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, user.id)));
  if (!owned) throw notFound();
  const [existing] = await db
    .select({ n: count() })
    .from(notePhotos)
    .where(eq(notePhotos.noteId, noteId));
  if ((existing?.n ?? 0) >= NOTE_LIMITS.photos) throw tooManyPhotos();
  // Counted against the account's hourly uploads before the costly part (given back on failure).
  return withRateLimit(db, PHOTO_UPLOADS_LIMIT, user.id, () => storeNotePhoto(ctx, noteId, data));
}

/** Checked, re-encoded, stored and appended (the note's row lock keeps the cap). */
async function storeNotePhoto(
  ctx: NotesCtx,
  noteId: string,
  data: Buffer,
): Promise<{ photo: Photo; note: Note }> {
  const { storage, user } = ctx;
  const processed = await processPhoto(data);
  const storageKey = `${PRIVATE_MEDIA_PREFIX}notes/${randomBytes(16).toString('hex')}`;
  await storePhoto(storage, storageKey, processed);
  try {
    return await transactionWithEvents(ctx, async (tx) => {
      // The note's row lock serializes uploads to it, so the cap holds.
      await lockOwnNote(tx, user.id, noteId);
      const [stats] = await tx
        .select({ n: count(), last: max(notePhotos.position) })
        .from(notePhotos)
        .where(eq(notePhotos.noteId, noteId));
      if ((stats?.n ?? 0) >= NOTE_LIMITS.photos) throw tooManyPhotos();
      const [row] = await tx
        .insert(notePhotos)
        .values({
          noteId,
          position: (stats?.last ?? -1) + 1,
          ...photoColumns(storageKey, processed),
        })
        .returning({ id: notePhotos.id });
      await tx.update(notes).set({ updatedAt: new Date() }).where(eq(notes.id, noteId));
      await notesChanged(tx, user.id);
      const note = await readNote(tx, storage, user.id, noteId);
      const photo = note?.photos.find((p) => p.id === row?.id);
      if (!note || !photo) throw new AppError('INTERNAL');
      return { photo, note };
    });
  } catch (error) {
    await storage.delete(processed.variants.map((v) => variantKey(storageKey, v.width)));
    throw error;
  }
}

/** `DELETE /api/notes/{id}/photos/{photoId}` (204): the row, then its files. */
export async function deleteNotePhoto({
  ctx,
  input: { noteId, photoId },
}: {
  ctx: NotesCtx;
  input: { noteId: string; photoId: string };
}): Promise<void> {
  const { storage, user } = ctx;
  const removed = await transactionWithEvents(ctx, async (tx) => {
    await lockOwnNote(tx, user.id, noteId);
    const photos = await tx
      .select({ id: notePhotos.id, storageKey: notePhotos.storageKey, widths: notePhotos.widths })
      .from(notePhotos)
      .where(eq(notePhotos.noteId, noteId))
      .orderBy(asc(notePhotos.position));
    const target = photos.find((p) => p.id === photoId);
    if (!target) throw new AppError('NOT_FOUND', { message: 'Photo not found' });
    await tx.delete(notePhotos).where(eq(notePhotos.id, photoId));
    for (const [position, photo] of photos.filter((p) => p.id !== photoId).entries()) {
      await tx.update(notePhotos).set({ position }).where(eq(notePhotos.id, photo.id));
    }
    await tx.update(notes).set({ updatedAt: new Date() }).where(eq(notes.id, noteId));
    await notesChanged(tx, user.id);
    return target;
  });
  await storage.delete(photoFiles(removed));
}

/**
 * `GET /api/notes/photos/{photoId}/{width}`: one stored width of a photo of the caller's own
 * note, or null (unknown, another user's, not a stored width) for the route's 404.
 */
export async function openNotePhoto({
  ctx: { db, storage, user },
  input: { photoId, width },
}: {
  ctx: NotesCtx;
  input: { photoId: string; width: number };
}): Promise<MediaObject | null> {
  const [photo] = await db
    .select({ storageKey: notePhotos.storageKey, widths: notePhotos.widths })
    .from(notePhotos)
    .innerJoin(notes, eq(notes.id, notePhotos.noteId))
    .where(and(eq(notePhotos.id, photoId), eq(notes.userId, user.id)));
  if (!photo?.widths.includes(width)) return null;
  return storage.open(variantKey(photo.storageKey, width));
}
