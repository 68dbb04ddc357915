import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Note } from '../../../shared/schemas/notes.ts';
import type { Db } from '../../db/client.ts';
import { notePhotos, notes } from '../../db/schema/notes.ts';
import { type PhotoRow, toPhoto } from '../../lib/images.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { NoteText } from './note-conflicts.ts';

/** The pool or a transaction: anything that can select. */
export type Reader = Pick<Db, 'select'>;

type NoteRow = typeof notes.$inferSelect;

export function textOf(row: NoteRow): NoteText {
  return {
    propertyAddress: row.propertyAddress,
    unitNumber: row.unitNumber,
    dateViewed: row.dateViewed,
    content: row.content,
    amenities: row.amenities,
    listingId: row.listingId,
  };
}

/**
 * Where a note photo's variant is served: only to its author, through the API (never at
 * `/media`; decision in issue 26). The path names the photo, never the storage key.
 */
export function notePhotoUrl(photoId: string, width: number): string {
  return `/api/notes/photos/${photoId}/${width}`;
}

/**
 * `updatedAt` is when the renter last edited the note (`edited_at`, the client's clock for an
 * edit made offline), which is also the order the list is in: newest edit first.
 */
function toNote(storage: MediaStorage, row: NoteRow, photos: PhotoRow[]): Note {
  return {
    id: row.id,
    userId: row.userId,
    ...textOf(row),
    photos: photos.map((p) => toPhoto(storage, p, (width) => notePhotoUrl(p.id, width))),
    version: row.version,
    conflictOf: row.conflictOf,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.editedAt.toISOString(),
  };
}

/** A user's notes matching `where` (their photos in order), newest edit first. */
export async function readNotes(
  db: Reader,
  storage: MediaStorage,
  userId: string,
  where?: SQL,
): Promise<Note[]> {
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), where))
    .orderBy(desc(notes.editedAt), desc(notes.createdAt), desc(notes.id));
  if (rows.length === 0) return [];
  const photos = await db
    .select({
      noteId: notePhotos.noteId,
      id: notePhotos.id,
      storageKey: notePhotos.storageKey,
      widths: notePhotos.widths,
      width: notePhotos.width,
      height: notePhotos.height,
      placeholder: notePhotos.placeholder,
    })
    .from(notePhotos)
    .where(
      inArray(
        notePhotos.noteId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(notePhotos.position));
  // Not Map.groupBy: Node 20 has none.
  const byNote = new Map<string, PhotoRow[]>();
  for (const photo of photos) {
    const list = byNote.get(photo.noteId);
    if (list) list.push(photo);
    else byNote.set(photo.noteId, [photo]);
  }
  return rows.map((row) => toNote(storage, row, byNote.get(row.id) ?? []));
}

/** One of the user's notes, or null (unknown, or someone else's). */
export async function readNote(
  db: Reader,
  storage: MediaStorage,
  userId: string,
  id: string,
): Promise<Note | null> {
  const [note] = await readNotes(db, storage, userId, eq(notes.id, id));
  return note ?? null;
}
