import type { Photo } from '../../../../shared/schemas/listing-responses.ts';
import type { Note } from '../../../../shared/schemas/notes.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import type { NoteAnswer, NotesRemote } from '../notes-store.ts';
import { notesKeys } from './notes-keys.ts';

/*
 * The notes endpoints (issue 15). Answers are narrowed by hand: the notes store runs on every
 * page of a signed-in renter, and zod would be a second download for it (decision 012).
 */

export { notesKeys };

function unexpected(): never {
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

function isNote(value: unknown): value is Note {
  const note = value as Partial<Note> | null;
  return (
    typeof note === 'object' &&
    note !== null &&
    typeof note.id === 'string' &&
    typeof note.propertyAddress === 'string' &&
    typeof note.version === 'number' &&
    Array.isArray(note.amenities) &&
    Array.isArray(note.photos)
  );
}

function parseNotes(data: unknown): Note[] {
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.every(isNote) ? items : unexpected();
}

function parseAnswer(data: unknown): NoteAnswer {
  const body = data as { note?: unknown; conflictCopy?: unknown } | null;
  if (!isNote(body?.note)) return unexpected();
  return {
    note: body.note,
    conflictCopy: isNote(body.conflictCopy) ? body.conflictCopy : undefined,
  };
}

const noteUrl = (id: string) => `/api/notes/${encodeURIComponent(id)}`;

export const notesRemote: NotesRemote = {
  list: () => api('/api/notes', { parse: parseNotes }),
  create: (input) => api('/api/notes', { method: 'POST', body: input, parse: parseAnswer }),
  update: (id, input) => api(noteUrl(id), { method: 'PATCH', body: input, parse: parseAnswer }),
  remove: async (id) => {
    await api(noteUrl(id), { method: 'DELETE' });
  },
};

/**
 * The note after a photo change. The answer is the note (`{ note }`) or its photos
 * (`{ photos }`, as the listing photo endpoints answer): either is taken.
 */
function noteAfterPhotos(note: Note, data: unknown): Note {
  const body = data as { note?: unknown; photos?: unknown } | null;
  if (isNote(body?.note)) return body.note;
  if (Array.isArray(body?.photos)) return { ...note, photos: body.photos as Photo[] };
  return unexpected();
}

/** `POST /api/notes/{id}/photos` (multipart field `photo`), a photo already resized here. */
export async function uploadNotePhoto(note: Note, photo: Blob, name: string): Promise<Note> {
  const form = new FormData();
  form.append('photo', photo, name);
  let response: Response;
  try {
    response = await fetch(`${noteUrl(note.id)}/photos`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: 'The upload failed.' });
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = (data as { error?: { message?: unknown } } | null)?.error?.message;
    throw new ApiError({
      status: response.status,
      code: null,
      message: typeof message === 'string' ? message : 'The photo could not be uploaded.',
    });
  }
  return noteAfterPhotos(note, data);
}

/** `DELETE /api/notes/{id}/photos/{photoId}`. */
export async function deleteNotePhoto(note: Note, photoId: string): Promise<Note> {
  const data = await api(`${noteUrl(note.id)}/photos/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
  });
  // An empty answer (204): the photo is gone, the rest is as it was.
  if (data === null) return { ...note, photos: note.photos.filter((p) => p.id !== photoId) };
  return noteAfterPhotos(note, data);
}
