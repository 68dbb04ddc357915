import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { createStrictContext } from '../../../lib/strict-context.ts';

/** Spec §3: a private viewing note, kept only in this browser's local storage, per user. */
export type Note = {
  id: string;
  userId: string;
  propertyAddress: string;
  unitNumber: string;
  /** YYYY-MM-DD; today by default. */
  dateViewed: string;
  content: string;
  amenities: string[];
  images: string[];
  createdAt: string;
  updatedAt: string;
};

export type NoteInput = Partial<
  Pick<Note, 'propertyAddress' | 'unitNumber' | 'dateViewed' | 'content' | 'amenities' | 'images'>
>;

export type NotesApi = {
  notes: readonly Note[];
  isLoading: boolean;
  error: string | null;
  isOnline: boolean;
  /** Ids of notes changed while offline, waiting for the sync. */
  pendingSync: readonly string[];
  createNote: (input: NoteInput) => Note;
  updateNote: (id: string, patch: NoteInput) => Note;
  deleteNote: (id: string) => void;
  syncNotes: () => Promise<void>;
};

export const NOTES_MESSAGES = {
  loadFailed: 'Failed to load notes. Please try again later.',
  syncFailed: 'Failed to sync notes. Please try again later.',
  createSignedOut: 'User must be logged in to create notes',
  updateSignedOut: 'User must be logged in to update notes',
  deleteSignedOut: 'User must be logged in to delete notes',
  notFound: 'Note not found',
} as const;

/** The user's notes; `useNotes` throws when used outside a `NotesProvider`. */
const [NotesContext, useNotes] = createStrictContext<NotesApi>('useNotes', 'NotesProvider');

export { useNotes };

/** Today's date in New York (ARCHITECTURE §3: times are shown in America/New_York). */
export function todayInNewYork(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `note-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function readNotes(userId: string): Note[] {
  const raw = window.localStorage.getItem(STORAGE_KEYS.notes(userId));
  if (raw === null) return [];
  const data = JSON.parse(raw) as unknown;
  if (!Array.isArray(data)) throw new Error('Stored notes are not a list.');
  return data as Note[];
}

type NotesProviderProps = { userId: string | null; children: ReactNode };

export function NotesProvider({ userId, children }: NotesProviderProps) {
  const [notes, setNotes] = useState<Note[]>([]);
  const [isLoading, setLoading] = useState(userId !== null);
  const [error, setError] = useState<string | null>(null);
  const [pendingSync, setPendingSync] = useState<string[]>([]);
  const [isOnline, setOnline] = useState(() =>
    typeof navigator === 'undefined' ? true : navigator.onLine,
  );
  const notesRef = useRef<Note[]>(notes);
  notesRef.current = notes;

  // Load the user's notes whenever the user changes.
  useEffect(() => {
    setPendingSync([]);
    if (userId === null) {
      setNotes([]);
      setLoading(false);
      setError(null);
      return;
    }
    try {
      setNotes(readNotes(userId));
      setError(null);
    } catch {
      setNotes([]);
      setError(NOTES_MESSAGES.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [userId]);

  const persist = useCallback(
    (next: Note[], changedId: string) => {
      if (userId === null) return;
      notesRef.current = next;
      setNotes(next);
      try {
        window.localStorage.setItem(STORAGE_KEYS.notes(userId), JSON.stringify(next));
      } catch {
        setError(NOTES_MESSAGES.syncFailed);
      }
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        setPendingSync((queue) => (queue.includes(changedId) ? queue : [...queue, changedId]));
      }
    },
    [userId],
  );

  /** Notes live only in this browser: syncing has nothing to send, so it clears the queue. */
  const syncNotes = useCallback(async () => {
    try {
      setPendingSync([]);
    } catch {
      setError(NOTES_MESSAGES.syncFailed);
    }
  }, []);

  useEffect(() => {
    const online = () => {
      setOnline(true);
      void syncNotes();
    };
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [syncNotes]);

  const createNote = useCallback(
    (input: NoteInput): Note => {
      if (userId === null) throw new Error(NOTES_MESSAGES.createSignedOut);
      const now = new Date().toISOString();
      const note: Note = {
        id: newId(),
        userId,
        propertyAddress: input.propertyAddress ?? '',
        unitNumber: input.unitNumber ?? '',
        dateViewed: input.dateViewed ?? todayInNewYork(),
        content: input.content ?? '',
        amenities: input.amenities ?? [],
        images: input.images ?? [],
        createdAt: now,
        updatedAt: now,
      };
      persist([note, ...notesRef.current], note.id);
      return note;
    },
    [userId, persist],
  );

  const updateNote = useCallback(
    (id: string, patch: NoteInput): Note => {
      if (userId === null) throw new Error(NOTES_MESSAGES.updateSignedOut);
      const existing = notesRef.current.find((n) => n.id === id);
      if (!existing) throw new Error(NOTES_MESSAGES.notFound);
      const updated: Note = { ...existing, ...patch, updatedAt: new Date().toISOString() };
      persist(
        notesRef.current.map((n) => (n.id === id ? updated : n)),
        id,
      );
      return updated;
    },
    [userId, persist],
  );

  const deleteNote = useCallback(
    (id: string) => {
      if (userId === null) throw new Error(NOTES_MESSAGES.deleteSignedOut);
      persist(
        notesRef.current.filter((n) => n.id !== id),
        id,
      );
    },
    [userId, persist],
  );

  const value = useMemo<NotesApi>(
    () => ({
      notes,
      isLoading,
      error,
      isOnline,
      pendingSync,
      createNote,
      updateNote,
      deleteNote,
      syncNotes,
    }),
    [notes, isLoading, error, isOnline, pendingSync, createNote, updateNote, deleteNote, syncNotes],
  );
  return <NotesContext value={value}>{children}</NotesContext>;
}
