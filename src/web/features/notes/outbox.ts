import type { Note } from '../../../shared/schemas/notes.ts';

/*
 * The offline queue of note changes (issue 15): creates, updates and deletes waiting for the
 * server, kept in local storage beside the notes and sent in order. Plain data and functions:
 * the store (notes-store.ts) drives it.
 */

/** What a renter edits on a note (the rest is the server's bookkeeping). */
export type NoteFields = Pick<
  Note,
  'propertyAddress' | 'unitNumber' | 'dateViewed' | 'content' | 'amenities' | 'listingId'
>;

type OpBase = {
  /** Unique per queued change, so the store removes exactly the one the server answered. */
  opId: string;
  noteId: string;
  /** Set once the op was sent: the server may have it even though no answer arrived. */
  attempted?: boolean;
};

export type OutboxOp =
  | (OpBase & { kind: 'create'; fields: NoteFields; editedAt: string })
  | (OpBase & {
      kind: 'update';
      fields: Partial<NoteFields>;
      /** The server version the edit was made on (conflicts resolve by the later `editedAt`). */
      baseVersion: number;
      editedAt: string;
    })
  | (OpBase & { kind: 'delete' });

const isOp = (value: unknown): value is OutboxOp => {
  if (typeof value !== 'object' || value === null) return false;
  const op = value as Record<string, unknown>;
  return (
    typeof op.opId === 'string' &&
    typeof op.noteId === 'string' &&
    (op.kind === 'create' || op.kind === 'update' || op.kind === 'delete')
  );
};

/** Reads a stored queue; anything that is not one throws (the caller reports it). */
export function parseOutbox(raw: string | null): OutboxOp[] {
  if (raw === null) return [];
  const data = JSON.parse(raw) as unknown;
  if (!Array.isArray(data) || !data.every(isOp)) throw new Error('Stored note queue is broken.');
  return data;
}

/**
 * Adds a change to the queue. A change to a note whose last queued op has not been sent yet is
 * folded into it (one request instead of several); the op being sent (`inFlight`) is never
 * touched. A delete of a note the server never saw cancels its queued create.
 */
export function enqueue(
  queue: readonly OutboxOp[],
  op: OutboxOp,
  inFlight: string | null = null,
): OutboxOp[] {
  const forNote = queue.filter((q) => q.noteId === op.noteId);
  const last = forNote[forNote.length - 1];
  const foldable = last !== undefined && last.opId !== inFlight && !last.attempted;

  if (op.kind === 'delete') {
    const kept = queue.filter((q) => q.noteId !== op.noteId || q.opId === inFlight);
    const neverSent =
      forNote.some((q) => q.kind === 'create' && !q.attempted) &&
      !forNote.some((q) => q.opId === inFlight);
    return neverSent ? kept : [...kept, op];
  }
  if (op.kind === 'update' && foldable && last.kind !== 'delete') {
    const merged: OutboxOp =
      last.kind === 'create'
        ? { ...last, fields: { ...last.fields, ...op.fields }, editedAt: op.editedAt }
        : { ...last, fields: { ...last.fields, ...op.fields }, editedAt: op.editedAt };
    return queue.map((q) => (q.opId === last.opId ? merged : q));
  }
  return [...queue, op];
}

/** The ids of notes with a change waiting (a queued delete's note is gone from the list). */
export function pendingNoteIds(queue: readonly OutboxOp[]): Set<string> {
  return new Set(queue.filter((op) => op.kind !== 'delete').map((op) => op.noteId));
}

/**
 * After the server answered an op with `version`, the later edits of that note were made on
 * top of it: they are sent with that version as their base.
 */
export function rebase(queue: readonly OutboxOp[], noteId: string, version: number): OutboxOp[] {
  return queue.map((op) =>
    op.noteId === noteId && op.kind === 'update' ? { ...op, baseVersion: version } : op,
  );
}

/**
 * The list to show: the server's notes, with this browser's waiting changes on top (a queued
 * edit shows its text, a queued delete hides the note, a queued create adds it).
 */
export function mergeWithServer(
  server: readonly Note[],
  local: readonly Note[],
  queue: readonly OutboxOp[],
): Note[] {
  const pending = pendingNoteIds(queue);
  const deleted = new Set(queue.filter((op) => op.kind === 'delete').map((op) => op.noteId));
  const localById = new Map(local.map((note) => [note.id, note]));
  const serverIds = new Set(server.map((note) => note.id));
  const merged: Note[] = [];
  for (const note of server) {
    if (deleted.has(note.id)) continue;
    const mine = pending.has(note.id) ? localById.get(note.id) : undefined;
    // Photos change only online, straight on the server: its list is the truth for them.
    merged.push(mine ? { ...mine, photos: note.photos } : note);
  }
  for (const note of local) {
    if (pending.has(note.id) && !serverIds.has(note.id)) merged.push(note);
  }
  return merged;
}
