import { STORAGE_KEYS } from '../../../shared/constants.ts';
import type { CreateNoteInput, Note, UpdateNoteInput } from '../../../shared/schemas/notes.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { NOTES_MESSAGES, outboxKey } from './notes-messages.ts';
import {
  enqueue,
  mergeWithServer,
  type NoteFields,
  type OutboxOp,
  parseOutbox,
  pendingNoteIds,
  rebase,
} from './outbox.ts';

/*
 * The renter's notes, offline first (issue 15): the list and the queue of changes live in local
 * storage (`stoop.notes.<userId>` and its `.outbox`), every edit lands there at once, and the
 * queue drains to the server in order whenever it can be reached. Client-made ids make a
 * replayed create the same note. Plain TypeScript: the provider subscribes to it.
 */

export { NOTES_MESSAGES, outboxKey };

export type NoteAnswer = { note: Note; conflictCopy?: Note | undefined };

/** The server, as the store needs it (notes-api.ts; a fake in tests). */
export type NotesRemote = {
  list(): Promise<Note[]>;
  create(input: CreateNoteInput): Promise<NoteAnswer>;
  update(id: string, input: UpdateNoteInput): Promise<NoteAnswer>;
  remove(id: string): Promise<void>;
};

export type NotesStoreDeps = {
  userId: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  remote: NotesRemote;
  isOnline: () => boolean;
  newId: () => string;
  now: () => Date;
  /** Runs `fn` alone across this user's tabs (Web Locks in the browser). */
  exclusive?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
};

export type NotesSnapshot = {
  notes: readonly Note[];
  /** Notes with a change waiting for the server ("waiting to sync"). */
  pendingIds: ReadonlySet<string>;
  /** True until the first answer (or failure) from the server. */
  isLoading: boolean;
  isSyncing: boolean;
  error: string | null;
};

export type NoteDraft = Partial<NoteFields> & Pick<NoteFields, 'propertyAddress'>;

/** Today's date in New York (docs/architecture.md §3: times are shown in America/New_York). */
export function todayInNewYork(now: Date = new Date()): string {
  return dateFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The HTTP status of an API error (0: no answer), or null for anything else. */
function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

function parseNotes(raw: string | null): Note[] {
  if (raw === null) return [];
  const data = JSON.parse(raw) as unknown;
  if (!Array.isArray(data)) throw new Error('Stored notes are not a list.');
  return data as Note[];
}

function fieldsOf(note: Note): NoteFields {
  const { propertyAddress, unitNumber, dateViewed, content, amenities, listingId } = note;
  return { propertyAddress, unitNumber, dateViewed, content, amenities, listingId };
}

export type NotesStore = ReturnType<typeof createNotesStore>;

export function createNotesStore(deps: NotesStoreDeps) {
  const { userId, storage, remote } = deps;
  const exclusive = deps.exclusive ?? ((_name, fn) => fn());
  const listeners = new Set<() => void>();
  let notes: Note[] = [];
  let queue: OutboxOp[] = [];
  let inFlight: string | null = null;
  let isLoading = true;
  let isSyncing = false;
  let error: string | null = null;
  let snapshot: NotesSnapshot;
  let syncRun: Promise<void> | null = null;

  const publish = () => {
    snapshot = { notes, pendingIds: pendingNoteIds(queue), isLoading, isSyncing, error };
    for (const listener of listeners) listener();
  };

  /** Reads both keys; another tab may have written them. */
  const load = () => {
    try {
      notes = parseNotes(storage.getItem(STORAGE_KEYS.notes(userId)));
      queue = parseOutbox(storage.getItem(outboxKey(userId)));
    } catch {
      error = NOTES_MESSAGES.loadFailed;
    }
  };

  const save = () => {
    try {
      storage.setItem(STORAGE_KEYS.notes(userId), JSON.stringify(notes));
      storage.setItem(outboxKey(userId), JSON.stringify(queue));
    } catch {
      // Full or blocked storage: the change still goes to the server when online.
      error = NOTES_MESSAGES.syncFailed;
    }
    publish();
  };

  const change = (op: OutboxOp, next: Note[]) => {
    notes = next;
    queue = enqueue(queue, op, inFlight);
    save();
    if (deps.isOnline()) void sync();
  };

  /** Takes a server answer for a note into the list (and its conflict copy, if any). */
  const applyAnswer = (answer: NoteAnswer) => {
    const { note, conflictCopy } = answer;
    const waiting = queue.some((op) => op.noteId === note.id);
    const known = notes.some((n) => n.id === note.id);
    const mine = (n: Note): Note =>
      waiting ? { ...n, version: note.version, photos: note.photos } : note;
    notes = known ? notes.map((n) => (n.id === note.id ? mine(n) : n)) : [note, ...notes];
    if (conflictCopy && !notes.some((n) => n.id === conflictCopy.id)) {
      notes = [conflictCopy, ...notes];
    }
  };

  const send = async (op: OutboxOp): Promise<void> => {
    if (op.kind === 'delete') {
      try {
        await remote.remove(op.noteId);
      } catch (cause) {
        // Already gone (another device, or our own earlier try): done all the same.
        if (statusOf(cause) !== 404) throw cause;
      }
      return;
    }
    if (op.kind === 'create') {
      applyAnswer(await remote.create({ id: op.noteId, ...op.fields, editedAt: op.editedAt }));
      return;
    }
    try {
      const answer = await remote.update(op.noteId, {
        ...op.fields,
        baseVersion: op.baseVersion,
        editedAt: op.editedAt,
      });
      applyAnswer(answer);
      queue = rebase(queue, op.noteId, answer.note.version);
    } catch (cause) {
      const local = notes.find((n) => n.id === op.noteId);
      if (statusOf(cause) !== 404 || !local) throw cause;
      // Deleted elsewhere while edited here: the edit is kept, as the note again.
      applyAnswer(
        await remote.create({ id: op.noteId, ...fieldsOf(local), editedAt: op.editedAt }),
      );
    }
  };

  /** Sends the queue in order; stops at the first failure and keeps what is left. */
  const drain = async (): Promise<boolean> => {
    load();
    if (error === NOTES_MESSAGES.syncFailed) error = null;
    for (let op = queue[0]; op !== undefined; op = queue[0]) {
      const sending: OutboxOp = { ...op, attempted: true };
      queue = queue.map((q) => (q.opId === op.opId ? sending : q));
      inFlight = op.opId;
      save();
      try {
        await send(sending);
      } catch (cause) {
        const status = statusOf(cause);
        const retryable = status === null || status === 0 || status === 401 || status >= 429;
        if (retryable) {
          error = status === 0 && !deps.isOnline() ? error : NOTES_MESSAGES.syncFailed;
          return false;
        }
        // Refused for good (it was checked with the same schema, so rare): drop it, say so.
        error = NOTES_MESSAGES.syncFailed;
      } finally {
        inFlight = null;
      }
      queue = queue.filter((q) => q.opId !== op.opId);
      save();
    }
    return true;
  };

  /** Fetches the server's list and shows it under this browser's waiting changes. */
  const fetchList = async () => {
    try {
      const server = await remote.list();
      notes = mergeWithServer(server, notes, queue);
      if (error === NOTES_MESSAGES.loadFailed) error = null;
    } catch (cause) {
      // Offline is not a failure: the cached notes are shown with the offline banner.
      if (!(statusOf(cause) === 0 && !deps.isOnline())) error = NOTES_MESSAGES.loadFailed;
    } finally {
      isLoading = false;
      save();
    }
  };

  /** Drains the queue, then refetches; one run at a time (a second call joins the first). */
  const sync = (): Promise<void> => {
    syncRun ??= (async () => {
      isSyncing = true;
      publish();
      try {
        const drained = await exclusive(`stoop.notes.sync.${userId}`, drain);
        if (drained) {
          await fetchList();
        } else {
          isLoading = false;
        }
      } finally {
        isSyncing = false;
        syncRun = null;
        publish();
      }
    })();
    return syncRun;
  };

  load();
  publish();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Another tab wrote the notes: show what it wrote. */
    reload() {
      load();
      publish();
    },
    /** Brings the list up to date: sends what waits first, then fetches. */
    refresh: sync,
    sync,
    create(draft: NoteDraft): Note {
      const now = deps.now().toISOString();
      const note: Note = {
        id: deps.newId(),
        userId,
        propertyAddress: draft.propertyAddress,
        unitNumber: draft.unitNumber ?? '',
        dateViewed: draft.dateViewed ?? todayInNewYork(deps.now()),
        content: draft.content ?? '',
        amenities: draft.amenities ?? [],
        listingId: draft.listingId ?? null,
        photos: [],
        version: 0,
        conflictOf: null,
        createdAt: now,
        updatedAt: now,
      };
      change(
        {
          kind: 'create',
          opId: deps.newId(),
          noteId: note.id,
          fields: fieldsOf(note),
          editedAt: now,
        },
        [note, ...notes],
      );
      return note;
    },
    update(id: string, patch: Partial<NoteFields>): Note {
      const existing = notes.find((n) => n.id === id);
      if (!existing) throw new Error(NOTES_MESSAGES.notFound);
      const now = deps.now().toISOString();
      const updated: Note = { ...existing, ...patch, updatedAt: now };
      change(
        {
          kind: 'update',
          opId: deps.newId(),
          noteId: id,
          fields: patch,
          baseVersion: existing.version,
          editedAt: now,
        },
        notes.map((n) => (n.id === id ? updated : n)),
      );
      return updated;
    },
    remove(id: string) {
      if (!notes.some((n) => n.id === id)) throw new Error(NOTES_MESSAGES.notFound);
      change(
        { kind: 'delete', opId: deps.newId(), noteId: id },
        notes.filter((n) => n.id !== id),
      );
    },
    /** A note the server answered outside the queue (a photo added or removed). */
    applyServerNote(note: Note) {
      applyAnswer({ note });
      save();
    },
  };
}
