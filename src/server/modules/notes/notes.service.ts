import { and, count, eq, sql } from 'drizzle-orm';
import type { CreateNoteInput, Note, UpdateNoteInput } from '../../../shared/schemas/notes.ts';
import { listings } from '../../db/schema/listings.ts';
import { notePhotos, notes } from '../../db/schema/notes.ts';
import { AppError } from '../../lib/app-error.ts';
import { newYorkDay } from '../../lib/time.ts';
import { type EventsTransaction, transactionWithEvents } from '../events/events.service.ts';
import { visibleListing } from '../listings/listings.service.ts';
import { clampEditedAt, type NoteText, resolveNoteEdit } from './note-conflicts.ts';
import { type Reader, readNote, readNotes, textOf } from './note-json.ts';
import {
  invalid,
  lockOwnNote,
  NOTES_PER_USER,
  type NotesCtx,
  notesChanged,
  notFound,
  photoFiles,
} from './note-store.ts';

export { addNotePhoto, deleteNotePhoto, openNotePhoto } from './note-photos.ts';
export type { NotesCtx } from './note-store.ts';
export { NOTES_PER_USER } from './note-store.ts';

/*
 * A renter's private viewing notes (issue 15, decision 032). Every verb is scoped to the caller:
 * someone else's note is "Note not found", exactly like an unknown one. Every change publishes
 * `notes.changed` to the author in its own transaction, so their other tabs and devices refetch.
 */

/**
 * Serializes one user's note creations, so the per-user cap holds and a create replayed twice
 * at once finds the first.
 */
async function lockUserNotes(tx: EventsTransaction, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notes:${userId}`}, 0))`);
}

/** A note may point at a listing the author can see (public, or their own), nothing else. */
async function assertListing(db: Reader, listingId: string, userId: string) {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), visibleListing(listings, userId)));
  if (!row) throw invalid('listingId', 'That listing does not exist or is no longer available.');
}

async function insertNote(
  tx: EventsTransaction,
  values: NoteText & { id?: string | undefined; userId: string; editedAt: Date },
  conflictOf: string | null = null,
) {
  const [row] = await tx
    .insert(notes)
    .values({ ...values, conflictOf })
    .onConflictDoNothing({ target: notes.id })
    .returning({ id: notes.id });
  return row?.id;
}

/** `GET /api/notes`: the caller's notes, newest edit first (one listing's with `listingId`). */
export async function listNotes({
  ctx: { db, storage, user },
  input,
}: {
  ctx: NotesCtx;
  input: { listingId?: string | undefined };
}): Promise<{ items: Note[] }> {
  const where = input.listingId ? eq(notes.listingId, input.listingId) : undefined;
  return { items: await readNotes(db, storage, user.id, where) };
}

/**
 * `POST /api/notes`. A client-made `id` that is already the caller's note answers that note
 * (`created: false`): an offline create sent again is never a second note. Someone else's id is
 * a 409 that says nothing about their note.
 */
export async function createNote({
  ctx,
  input,
}: {
  ctx: NotesCtx;
  input: CreateNoteInput;
}): Promise<{ note: Note; created: boolean }> {
  const { storage, user } = ctx;
  const taken = () => new AppError('CONFLICT', { message: 'That note ID is already in use.' });
  return transactionWithEvents(ctx, async (tx) => {
    await lockUserNotes(tx, user.id);
    if (input.id) {
      const [existing] = await tx
        .select({ userId: notes.userId })
        .from(notes)
        .where(eq(notes.id, input.id));
      if (existing && existing.userId !== user.id) throw taken();
      if (existing) {
        const note = await readNote(tx, storage, user.id, input.id);
        if (!note) throw notFound();
        return { note, created: false };
      }
    }
    const [mine] = await tx.select({ n: count() }).from(notes).where(eq(notes.userId, user.id));
    if ((mine?.n ?? 0) >= NOTES_PER_USER) {
      throw new AppError('CONFLICT', {
        message: `You can keep up to ${NOTES_PER_USER.toLocaleString('en-US')} notes. Delete some to add new ones.`,
      });
    }
    const listingId = input.listingId ?? null;
    if (listingId) await assertListing(tx, listingId, user.id);
    const id = await insertNote(tx, {
      id: input.id,
      userId: user.id,
      propertyAddress: input.propertyAddress,
      unitNumber: input.unitNumber ?? '',
      dateViewed: input.dateViewed ?? newYorkDay(),
      content: input.content,
      amenities: input.amenities ?? [],
      listingId,
      editedAt: clampEditedAt(input.editedAt, new Date()),
    });
    // Only another user's create of the same id, committed meanwhile, leaves nothing inserted.
    if (!id) throw taken();
    await notesChanged(tx, user.id);
    const note = await readNote(tx, storage, user.id, id);
    if (!note) throw new AppError('INTERNAL');
    return { note, created: true };
  });
}

/**
 * `PATCH /api/notes/{id}`. An edit made on an older version than the stored one meets a newer
 * edit from elsewhere: the later `editedAt` wins and the losing text is kept as a new note
 * (`conflictCopy`, its `conflictOf` this note). `version` goes up by one on every change.
 */
export async function updateNote({
  ctx,
  input: { id, changes },
}: {
  ctx: NotesCtx;
  input: { id: string; changes: UpdateNoteInput };
}): Promise<{ note: Note; conflictCopy?: Note }> {
  const { storage, user } = ctx;
  const { baseVersion, editedAt, ...fields } = changes;
  return transactionWithEvents(ctx, async (tx) => {
    const row = await lockOwnNote(tx, user.id, id);
    if (fields.listingId && fields.listingId !== row.listingId) {
      await assertListing(tx, fields.listingId, user.id);
    }
    const now = new Date();
    const { write, copy } = resolveNoteEdit(
      { text: textOf(row), version: row.version, editedAt: row.editedAt },
      { changes: fields, baseVersion, editedAt: clampEditedAt(editedAt, now) },
    );
    if (write) {
      await tx
        .update(notes)
        .set({ ...write.text, editedAt: write.editedAt, version: row.version + 1, updatedAt: now })
        .where(eq(notes.id, id));
    }
    const copyId = copy
      ? await insertNote(tx, { ...copy.text, userId: user.id, editedAt: copy.editedAt }, id)
      : undefined;
    if (write || copy) await notesChanged(tx, user.id);
    const note = await readNote(tx, storage, user.id, id);
    const conflictCopy = copyId ? await readNote(tx, storage, user.id, copyId) : null;
    if (!note || (copyId && !conflictCopy)) throw new AppError('INTERNAL');
    return conflictCopy ? { note, conflictCopy } : { note };
  });
}

/** `DELETE /api/notes/{id}`: the note, its photos' rows (cascade) and then their files. */
export async function deleteNote({
  ctx,
  input: { id },
}: {
  ctx: NotesCtx;
  input: { id: string };
}): Promise<void> {
  const { storage, user } = ctx;
  const photos = await transactionWithEvents(ctx, async (tx) => {
    await lockOwnNote(tx, user.id, id);
    const files = await tx
      .select({ storageKey: notePhotos.storageKey, widths: notePhotos.widths })
      .from(notePhotos)
      .where(eq(notePhotos.noteId, id));
    await tx.delete(notes).where(eq(notes.id, id));
    await notesChanged(tx, user.id);
    return files;
  });
  // After the commit: a rollback must not leave a note whose files are gone.
  await storage.delete(photos.flatMap(photoFiles));
}
