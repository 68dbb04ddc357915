import { and, eq } from 'drizzle-orm';
import { notes } from '../../db/schema/notes.ts';
import { AppError } from '../../lib/app-error.ts';
import { variantKey } from '../../lib/images.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { type EventBus, type EventsTransaction, publishEvents } from '../events/events.service.ts';

/* What the notes verbs and the note photo verbs share. */

export type NotesCtx = UserCtx<{ storage: MediaStorage; events: EventBus }>;

/** Enough for years of apartment hunting; a runaway client cannot fill the table. */
export const NOTES_PER_USER = 2_000;

export const notFound = () => new AppError('NOTE_NOT_FOUND');

export function invalid(path: string, message: string) {
  return new AppError('VALIDATION_ERROR', { message, details: [{ path, message }] });
}

/** Tells the author's other tabs and devices to refetch (decision 024). */
export function notesChanged(tx: EventsTransaction, userId: string) {
  return publishEvents(tx, [{ userId, type: 'notes.changed', data: {} }]);
}

/** The caller's note locked for this transaction, or "Note not found". */
export async function lockOwnNote(tx: EventsTransaction, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** A stored photo's files, one a width. */
export function photoFiles(photo: { storageKey: string; widths: number[] }): string[] {
  return photo.widths.map((w) => variantKey(photo.storageKey, w));
}
