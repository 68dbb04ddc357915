import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import type { Note } from '../../../../shared/schemas/notes.ts';
import { createStrictContext } from '../../../lib/strict-context.ts';
import { notesKeys } from '../api/notes-keys.ts';
import { NOTES_MESSAGES, outboxKey } from '../notes-messages.ts';
import type { NoteDraft, NotesRemote, NotesSnapshot, NotesStore } from '../notes-store.ts';
import type { NoteFields } from '../outbox.ts';

export { NOTES_MESSAGES };

export type NotesApi = {
  notes: readonly Note[];
  isLoading: boolean;
  isSyncing: boolean;
  error: string | null;
  isOnline: boolean;
  /** Ids of notes with a change waiting for the server ("waiting to sync"). */
  pendingSync: readonly string[];
  createNote: (input: NoteDraft) => Note;
  updateNote: (id: string, patch: Partial<NoteFields>) => Note;
  deleteNote: (id: string) => void;
  /** Sends what waits, then refetches the list. */
  syncNotes: () => Promise<void>;
  /** Takes a note the server answered outside the queue (after a photo change). */
  applyServerNote: (note: Note) => void;
};

/** The user's notes; `useNotes` throws when used outside a `NotesProvider`. */
const [NotesContext, useNotes] = createStrictContext<NotesApi>('useNotes', 'NotesProvider');

export { useNotes };

const EMPTY: NotesSnapshot = {
  notes: [],
  pendingIds: new Set(),
  isLoading: false,
  isSyncing: false,
  error: null,
};
const noStore = { subscribe: () => () => {}, getSnapshot: () => EMPTY };
// A renter's notes while the store's code loads: loading, not an empty list.
const LOADING: NotesSnapshot = { ...EMPTY, isLoading: true };
const loadingStore = { subscribe: () => () => {}, getSnapshot: () => LOADING };

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** Runs `fn` alone across the tabs of this browser (Web Locks), or as it is without them. */
function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, fn) : fn();
}

function signedOut(message: string): never {
  throw new Error(message);
}

type NotesProviderProps = {
  /** The signed-in renter, or null (no notes). */
  userId: string | null;
  children: ReactNode;
  /** The server; the real endpoints unless a test gives its own. */
  remote?: NotesRemote;
};

/**
 * docs/spec.md §4 notes, offline first: cached in local storage, edits queued while offline and
 * sent when back online (issue 15: the sync is real). Refetches on reconnect, on focus and on the
 * live `notes.changed` event (through the `notesKeys` query the notes live handler refreshes).
 */
export function NotesProvider({ userId, children, remote }: NotesProviderProps) {
  const [isOnline, setOnline] = useState(online);
  // The store's code (the offline queue and its merge) loads only for a signed-in renter: a
  // visitor's first load does not carry it (decision 072).
  const [store, setStore] = useState<NotesStore | null>(null);
  useEffect(() => {
    if (userId === null || typeof window === 'undefined') {
      setStore(null);
      return;
    }
    let current = true;
    void Promise.all([import('../notes-store.ts'), import('../api/notes-api.ts')]).then(
      ([{ createNotesStore }, { notesRemote }]) => {
        if (!current) return;
        setStore(
          createNotesStore({
            userId,
            storage: window.localStorage,
            remote: remote ?? notesRemote,
            isOnline: online,
            newId: () => crypto.randomUUID(),
            now: () => new Date(),
            exclusive,
          }),
        );
      },
    );
    return () => {
      current = false;
      setStore(null);
    };
  }, [userId, remote]);
  const source = store ?? (userId === null ? noStore : loadingStore);
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);

  // The query is only the trigger: focus and the live event refetch it, it refreshes the store.
  useQuery({
    queryKey: notesKeys.list(userId ?? ''),
    queryFn: async () => {
      await store?.refresh();
      return store?.getSnapshot().notes.length ?? 0;
    },
    enabled: store !== null,
    networkMode: 'always',
    refetchOnReconnect: false,
    retry: false,
  });

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void store?.sync();
    };
    const goOffline = () => setOnline(false);
    // Another tab changed the notes or the queue: show what it wrote.
    const onStorage = (event: StorageEvent) => {
      if (userId === null) return;
      if (event.key === STORAGE_KEYS.notes(userId) || event.key === outboxKey(userId)) {
        store?.reload();
      }
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('storage', onStorage);
    };
  }, [store, userId]);

  const value = useMemo<NotesApi>(
    () => ({
      notes: snapshot.notes,
      isLoading: snapshot.isLoading,
      isSyncing: snapshot.isSyncing,
      error: snapshot.error,
      isOnline,
      pendingSync: [...snapshot.pendingIds],
      createNote: (input) =>
        store ? store.create(input) : signedOut(NOTES_MESSAGES.createSignedOut),
      updateNote: (id, patch) =>
        store ? store.update(id, patch) : signedOut(NOTES_MESSAGES.updateSignedOut),
      deleteNote: (id) => (store ? store.remove(id) : signedOut(NOTES_MESSAGES.deleteSignedOut)),
      syncNotes: () => store?.sync() ?? Promise.resolve(),
      applyServerNote: (note) => store?.applyServerNote(note),
    }),
    [snapshot, isOnline, store],
  );
  return <NotesContext value={value}>{children}</NotesContext>;
}
