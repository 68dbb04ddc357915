import {
  CreateNoteSchema,
  NotePhotoResponseSchema,
  NoteResponseSchema,
  NotesSchema,
  UpdateNoteSchema,
} from '../../../shared/schemas/notes.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const tags = ['notes'];

/** Notes in /api/openapi.json (issue 15, decision 032). Every operation is the caller's own. */
export const notesApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/notes',
    errors: ['VALIDATION_ERROR'],
    summary:
      "The caller's notes, newest edit first (`updatedAt` is the edit time). Query: listingId (only the notes about that listing)",
    tags,
    response: NotesSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/notes',
    success: [201, 200],
    errors: ['CONFLICT'],
    summary:
      "Create a note: 201 { note }. A client-made id that is already the caller's note answers 200 with the stored note (an offline create replayed); someone else's id is 409. dateViewed defaults to today in New York; listingId must be a listing the caller can see (else 400). At most 2,000 notes a user (409)",
    tags,
    body: CreateNoteSchema,
    response: NoteResponseSchema,
    auth: true,
  },
  {
    method: 'patch',
    path: '/api/notes/{id}',
    errors: ['NOTE_NOT_FOUND'],
    summary:
      "Change a note's fields: { note, conflictCopy? }. With baseVersion older than the stored version, the later editedAt wins and the losing text is kept as a new note (conflictCopy, conflictOf = this id); without baseVersion the last write wins. version goes up by one on every change. Unknown or not the caller's: 404 NOTE_NOT_FOUND",
    tags,
    body: UpdateNoteSchema,
    response: NoteResponseSchema,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/notes/{id}',
    success: [204],
    errors: ['NOTE_NOT_FOUND'],
    summary: "Delete a note and its photos: 204. Unknown or not the caller's: 404 NOTE_NOT_FOUND",
    tags,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/notes/{id}/photos',
    success: [201],
    errors: ['NOTE_NOT_FOUND', 'RATE_LIMITED', 'VALIDATION_ERROR'],
    summary:
      'Add a photo (multipart field "photo"; JPEG, PNG, WebP or AVIF, ≤ 10 MiB; re-encoded to WebP like listing photos): 201 { photo, note }. At most 10 a note; anything not an image is 400; signed out, 401 before the body is read. An account uploads at most 60 photos an hour (429 with Retry-After). Photos change neither version nor the edit time',
    tags,
    response: NotePhotoResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/notes/photos/{photoId}/{width}',
    errors: ['NOT_FOUND'],
    produces: 'image/webp',
    summary:
      "One stored width of a photo of the caller's note (image/webp, Cache-Control: private, no-store): the URLs a note's photos carry. Signed out, someone else's or unknown: 404. Note photos are never served at /media",
    tags,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/notes/{id}/photos/{photoId}',
    success: [204],
    errors: ['NOTE_NOT_FOUND', 'NOT_FOUND'],
    summary: "Remove a photo from the caller's note: 204",
    tags,
    auth: true,
  },
];
