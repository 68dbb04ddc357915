import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Note } from '../../../../shared/schemas/notes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import type { NoteDraft } from '../notes-store.ts';
import { DeleteNoteDialog } from './delete-note-dialog.tsx';
import { NoteCard } from './note-card.tsx';
import { useNotes } from './notes-provider.tsx';

// The form checks a note with the shared schema: it loads, with zod, when first opened.
const NoteFormDialog = lazy(() =>
  import('./note-form-dialog.tsx').then((m) => ({ default: m.NoteFormDialog })),
);

type Editing = { mode: 'new'; prefill: NoteDraft | null } | { mode: 'edit'; note: Note } | null;

type NotesViewProps = {
  /** Only the notes about this listing (`?listing=<id>`). */
  listingId: string | null;
  /** Opens the new-note form at once with these values (from a listing or a tour). */
  compose: NoteDraft | null;
  /** Starts a new note (prefilled for the listing being shown, when there is one). */
  newNotePrefill: NoteDraft | null;
  listingHref: (id: string) => string;
  allNotesHref: string;
};

/** Newest viewing first; among a day's viewings, the latest edit first. */
function byViewing(a: Note, b: Note): number {
  return b.dateViewed.localeCompare(a.dateViewed) || b.updatedAt.localeCompare(a.updatedAt);
}

/** /notes: the renter's viewing notes, offline first, with the form and the delete prompt. */
export function NotesView({
  listingId,
  compose,
  newNotePrefill,
  listingHref,
  allNotesHref,
}: NotesViewProps) {
  const { notes, pendingSync, isLoading, isOnline, isSyncing, error, deleteNote, syncNotes } =
    useNotes();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(
    compose ? { mode: 'new', prefill: compose } : null,
  );
  const [deleting, setDeleting] = useState<Note | null>(null);
  // The deleted note's buttons are gone: focus moves to "New note", not to the page's top.
  const [deleted, setDeleted] = useState(0);
  const newNoteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (deleted > 0) newNoteButton.current?.focus();
  }, [deleted]);
  const waiting = useMemo(() => new Set(pendingSync), [pendingSync]);
  const shown = useMemo(
    () => notes.filter((n) => listingId === null || n.listingId === listingId).sort(byViewing),
    [notes, listingId],
  );

  const newNote = (
    <Button
      ref={newNoteButton}
      onClick={() => setEditing({ mode: 'new', prefill: newNotePrefill })}
    >
      New note
    </Button>
  );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600" aria-live="polite">
          {isSyncing && isOnline
            ? 'Syncing…'
            : waiting.size > 0
              ? `${waiting.size} ${waiting.size === 1 ? 'note' : 'notes'} waiting to sync`
              : shown.length > 0
                ? `${shown.length} ${shown.length === 1 ? 'note' : 'notes'}`
                : ''}
        </p>
        {newNote}
      </div>

      {!isOnline ? (
        <div
          role="status"
          data-testid="offline-banner"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0" aria-hidden="true">
            <path
              d="M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 015.2-2.8M19 13a10 10 0 00-2.4-1.8M12 20h.01"
              stroke="currentColor"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          <p>
            <strong className="font-semibold">You are offline.</strong> Your notes are saved on this
            device; new notes and edits show as “waiting to sync” and go to your account when you
            are back online.
          </p>
        </div>
      ) : null}

      {error ? (
        <Alert>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{error}</span>
            {isOnline ? (
              <Button size="sm" variant="secondary" onClick={() => void syncNotes()}>
                Try again
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}

      {listingId !== null ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-stone-100 px-4 py-2 text-sm text-stone-800">
          Showing your notes on one listing.
          <Link to={listingHref(listingId)} className="font-medium text-brand-800 underline">
            View the listing
          </Link>
          <Link to={allNotesHref} className="font-medium text-brand-800 underline">
            Show all notes
          </Link>
        </p>
      ) : null}

      {isLoading && shown.length === 0 ? (
        <div className="flex justify-center p-8">
          <Spinner size="md" label="Loading your notes" />
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          title={listingId ? 'No notes on this listing yet' : 'No notes yet'}
          action={
            <Button onClick={() => setEditing({ mode: 'new', prefill: newNotePrefill })}>
              Write your first note
            </Button>
          }
        >
          Jot down what you notice at each viewing: the light, the noise, the amenities, photos.
          Notes work offline and sync to your account.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your notes">
          {shown.map((note) => (
            <li key={note.id} className="min-w-0">
              <NoteCard
                note={note}
                waiting={waiting.has(note.id)}
                listingHref={listingHref}
                onEdit={() => setEditing({ mode: 'edit', note })}
                onDelete={() => setDeleting(note)}
              />
            </li>
          ))}
        </ul>
      )}

      {editing ? (
        <Suspense fallback={null}>
          <NoteFormDialog
            note={editing.mode === 'edit' ? editing.note : null}
            prefill={editing.mode === 'new' ? editing.prefill : null}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <DeleteNoteDialog
          note={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            deleteNote(deleting.id);
            setDeleting(null);
            setDeleted((n) => n + 1);
            toast.success('Note deleted.');
          }}
        />
      ) : null}
    </div>
  );
}
