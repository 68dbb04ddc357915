import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NotePhotoResponseSchema } from '../../../shared/schemas/notes.ts';
import { users } from '../../db/schema/auth.ts';
import { testJpeg, uploadPhotoTo } from '../../test/listing-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { listNotes, makeNote } from '../../test/note-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Every notes endpoint against five callers: the note's author, another renter, a landlord, an
 * admin and nobody signed in. A note is its author's alone: anyone else gets exactly what an
 * unknown note gets. Denied callers go first, so a wrongful 2xx cannot hide behind the author's
 * own change.
 */

const { app, client, db } = await createTestApp();
const jpeg = await testJpeg();

type Actor = 'anonymous' | 'otherRenter' | 'landlord' | 'admin' | 'author';
const author = await person(client, 'renter');
const people: Record<Exclude<Actor, 'anonymous'>, Person> = {
  author,
  otherRenter: await person(client, 'renter'),
  landlord: await person(client, 'landlord'),
  admin: await person(client, 'renter'),
};
await db.update(users).set({ userType: 'admin' }).where(eq(users.id, people.admin.id));
const ORDER: Actor[] = ['anonymous', 'otherRenter', 'landlord', 'admin', 'author'];

type Answer = { status: number; message?: string };
const NOT_FOUND: Answer = { status: 404, message: 'Note not found' };
const signedOut = (action: 'create' | 'update' | 'delete'): Answer => ({
  status: 401,
  message: `User must be logged in to ${action} notes`,
});

async function call(actor: Actor, method: string, path: string, body?: unknown) {
  const browser = actor === 'anonymous' ? client.fork() : people[actor].client;
  if (body === 'photo') return uploadPhotoTo(app, browser, path, jpeg);
  return browser.request(method, path, body);
}

/** Runs each caller in order and checks status and, where given, the message. */
async function matrix(
  expected: Record<Actor, Answer>,
  request: () => { method: string; path: string; body?: unknown },
) {
  const got: Partial<Record<Actor, Answer>> = {};
  for (const actor of ORDER) {
    const { method, path, body } = request();
    const res = await call(actor, method, path, body);
    const text = await res.text();
    const message = text
      ? (JSON.parse(text) as { error?: { message: string } }).error?.message
      : undefined;
    got[actor] =
      expected[actor].message === undefined
        ? { status: res.status }
        : { status: res.status, message };
  }
  expect(got).toEqual(expected);
}

describe('notes authorization matrix', () => {
  it('GET /api/notes: anyone signed in, each their own notes', async () => {
    const note = await makeNote(author);
    await matrix(
      {
        anonymous: { status: 401, message: 'You need to sign in first.' },
        otherRenter: { status: 200 },
        landlord: { status: 200 },
        admin: { status: 200 },
        author: { status: 200 },
      },
      () => ({ method: 'GET', path: '/api/notes' }),
    );
    for (const actor of ['otherRenter', 'landlord', 'admin'] as const) {
      expect((await listNotes(people[actor])).map((n) => n.id)).not.toContain(note.id);
    }
    expect((await listNotes(author)).map((n) => n.id)).toContain(note.id);
  });

  it('POST /api/notes: anyone signed in', async () => {
    await matrix(
      {
        anonymous: signedOut('create'),
        otherRenter: { status: 201 },
        landlord: { status: 201 },
        admin: { status: 201 },
        author: { status: 201 },
      },
      () => ({ method: 'POST', path: '/api/notes', body: { propertyAddress: '1 Main St' } }),
    );
  });

  it("PATCH /api/notes/{id}: the author only; anyone else's is not found", async () => {
    const note = await makeNote(author, { content: 'original' });
    await matrix(
      {
        anonymous: signedOut('update'),
        otherRenter: NOT_FOUND,
        landlord: NOT_FOUND,
        admin: NOT_FOUND,
        author: { status: 200 },
      },
      () => ({ method: 'PATCH', path: `/api/notes/${note.id}`, body: { content: 'changed' } }),
    );
    const [stored] = (await listNotes(author)).filter((n) => n.id === note.id);
    expect(stored).toMatchObject({ content: 'changed', version: 2 });
  });

  it("POST /api/notes/{id}/photos: the author only; anyone else's is not found", async () => {
    const note = await makeNote(author);
    await matrix(
      {
        anonymous: signedOut('create'),
        otherRenter: NOT_FOUND,
        landlord: NOT_FOUND,
        admin: NOT_FOUND,
        author: { status: 201 },
      },
      () => ({ method: 'POST', path: `/api/notes/${note.id}/photos`, body: 'photo' }),
    );
    const [stored] = (await listNotes(author)).filter((n) => n.id === note.id);
    expect(stored?.photos).toHaveLength(1);
  });

  it("DELETE /api/notes/{id}/photos/{photoId}: the author only; anyone else's is not found", async () => {
    const note = await makeNote(author);
    const res = await uploadPhotoTo(app, author.client, `/api/notes/${note.id}/photos`, jpeg);
    const { photo } = NotePhotoResponseSchema.parse(await res.json());
    await matrix(
      {
        anonymous: signedOut('delete'),
        otherRenter: NOT_FOUND,
        landlord: NOT_FOUND,
        admin: NOT_FOUND,
        author: { status: 204 },
      },
      () => ({ method: 'DELETE', path: `/api/notes/${note.id}/photos/${photo.id}` }),
    );
  });

  it("DELETE /api/notes/{id}: the author only; anyone else's is not found", async () => {
    const note = await makeNote(author);
    await matrix(
      {
        anonymous: signedOut('delete'),
        otherRenter: NOT_FOUND,
        landlord: NOT_FOUND,
        admin: NOT_FOUND,
        author: { status: 204 },
      },
      () => ({ method: 'DELETE', path: `/api/notes/${note.id}` }),
    );
    expect((await listNotes(author)).map((n) => n.id)).not.toContain(note.id);
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
