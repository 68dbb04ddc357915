import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NotePhotoResponseSchema } from '../../../shared/schemas/notes.ts';
import { type Answer, authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { testJpeg, uploadPhotoTo } from '../../test/listing-fixtures.ts';
import { listNotes, makeNote } from '../../test/note-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Every notes endpoint against five callers: the note's author, another renter, a landlord, an
 * admin and nobody signed in. A note is its author's alone: anyone else gets exactly what an
 * unknown note gets.
 */

const { app, client, db } = await createTestApp();
const jpeg = await testJpeg();

const people = await signUpCast(client, db, {
  author: 'renter',
  otherRenter: 'renter',
  landlord: 'landlord',
  admin: 'admin',
});
const { author } = people;
const PHOTO = 'photo';
const matrix = authzMatrix({
  client,
  seats: { signedOut: SIGNED_OUT, ...people },
  // A `photo` body is sent as the multipart upload.
  send: (browser, { method, path, body }) =>
    body === PHOTO ? uploadPhotoTo(app, browser, path, jpeg) : browser.request(method, path, body),
});

const NOT_FOUND: Answer = { status: 404, message: 'Note not found' };
const signedOut = (action: 'create' | 'update' | 'delete'): Answer => ({
  status: 401,
  message: `User must be logged in to ${action} notes`,
});
/** The author only; anyone else's is not found. */
const AUTHOR_ONLY = (action: 'create' | 'update' | 'delete', status: number) => ({
  signedOut: signedOut(action),
  otherRenter: NOT_FOUND,
  landlord: NOT_FOUND,
  admin: NOT_FOUND,
  author: status,
});

describe('notes authorization matrix', () => {
  matrix.row({
    name: 'GET /api/notes: anyone signed in, each their own notes',
    setup: () => makeNote(author),
    expect: {
      signedOut: { status: 401, message: 'You need to sign in first.' },
      otherRenter: 200,
      landlord: 200,
      admin: 200,
      author: 200,
    },
    request: () => ({ method: 'GET', path: '/api/notes' }),
    after: async (note) => {
      for (const actor of ['otherRenter', 'landlord', 'admin'] as const) {
        expect((await listNotes(people[actor])).map((n) => n.id)).not.toContain(note.id);
      }
      expect((await listNotes(author)).map((n) => n.id)).toContain(note.id);
    },
  });

  matrix.row({
    name: 'POST /api/notes: anyone signed in',
    expect: {
      signedOut: signedOut('create'),
      otherRenter: 201,
      landlord: 201,
      admin: 201,
      author: 201,
    },
    request: () => ({ method: 'POST', path: '/api/notes', body: { propertyAddress: '1 Main St' } }),
  });

  matrix.row({
    name: "PATCH /api/notes/{id}: the author only; anyone else's is not found",
    setup: () => makeNote(author, { content: 'original' }),
    expect: AUTHOR_ONLY('update', 200),
    request: (note) => ({
      method: 'PATCH',
      path: `/api/notes/${note.id}`,
      body: { content: 'changed' },
    }),
    after: async (note) => {
      const [stored] = (await listNotes(author)).filter((n) => n.id === note.id);
      expect(stored).toMatchObject({ content: 'changed', version: 2 });
    },
  });

  matrix.row({
    name: "POST /api/notes/{id}/photos: the author only; anyone else's is not found",
    setup: () => makeNote(author),
    expect: AUTHOR_ONLY('create', 201),
    request: (note) => ({ method: 'POST', path: `/api/notes/${note.id}/photos`, body: PHOTO }),
    after: async (note) => {
      const [stored] = (await listNotes(author)).filter((n) => n.id === note.id);
      expect(stored?.photos).toHaveLength(1);
    },
  });

  matrix.row({
    name: "DELETE /api/notes/{id}/photos/{photoId}: the author only; anyone else's is not found",
    setup: async () => {
      const note = await makeNote(author);
      const res = await uploadPhotoTo(app, author.client, `/api/notes/${note.id}/photos`, jpeg);
      const { photo } = NotePhotoResponseSchema.parse(await res.json());
      return `/api/notes/${note.id}/photos/${photo.id}`;
    },
    expect: AUTHOR_ONLY('delete', 204),
    request: (path) => ({ method: 'DELETE', path }),
  });

  matrix.row({
    name: "DELETE /api/notes/{id}: the author only; anyone else's is not found",
    setup: () => makeNote(author),
    expect: AUTHOR_ONLY('delete', 204),
    request: (note) => ({ method: 'DELETE', path: `/api/notes/${note.id}` }),
    after: async (note) => {
      expect((await listNotes(author)).map((n) => n.id)).not.toContain(note.id);
    },
  });

  it('signed out, an unknown note still answers 401 first, with the spec message', async () => {
    const visitor = client.fork();
    const res = await visitor.patch(`/api/notes/${randomUUID()}`, { content: 'x' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'User must be logged in to update notes',
    );
  });
});
