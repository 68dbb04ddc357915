import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NoteResponseSchema } from '../../../shared/schemas/notes.ts';
import { notes } from '../../db/schema/notes.ts';
import { newYorkDay } from '../../lib/time.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { EventStreamReader, person } from '../../test/messaging-fixtures.ts';
import { listNotes, makeNote, notesChangedCount } from '../../test/note-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { NOTES_PER_USER } from './notes.service.ts';

/** Notes (issue 15): create, list, edit with conflicts, delete, live events, bad input. */

const { app, client, db } = await createTestApp();
const renter = await person(client, 'renter');
const landlord = await person(client, 'landlord');
const listing = await publishListing(app, landlord.client);
const draft = await readListing(await landlord.client.post('/api/listings', { title: 'Draft' }));

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

async function noteCount(userId: string) {
  const [row] = await db.select({ n: count() }).from(notes).where(eq(notes.userId, userId));
  return row?.n ?? 0;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 15, minute)).toISOString();

describe('POST /api/notes', () => {
  it('creates a note with the defaults: today in New York, version 1, no photos', async () => {
    const who = await person(client, 'renter');
    const res = await who.client.post('/api/notes', { propertyAddress: '  88 Orchard St  ' });
    expect(res.status).toBe(201);
    const { note } = NoteResponseSchema.parse(await res.json());
    expect(note).toMatchObject({
      userId: who.id,
      propertyAddress: '88 Orchard St',
      unitNumber: '',
      dateViewed: newYorkDay(),
      content: '',
      amenities: [],
      listingId: null,
      photos: [],
      version: 1,
      conflictOf: null,
    });
    expect(await listNotes(who)).toEqual([note]);
  });

  it('keeps every field given, amenities beyond the suggested ones included', async () => {
    const note = await makeNote(renter, {
      unitNumber: '4F',
      dateViewed: '2026-11-02',
      content: 'South light.\nAsk about the radiator.',
      amenities: ['Dishwasher', 'Roof deck access'],
      listingId: listing.id,
      editedAt: at(3),
    });
    expect(note).toMatchObject({
      unitNumber: '4F',
      dateViewed: '2026-11-02',
      content: 'South light.\nAsk about the radiator.',
      amenities: ['Dishwasher', 'Roof deck access'],
      listingId: listing.id,
      updatedAt: at(3),
    });
  });

  it('lets any signed-in user keep notes, a landlord on their own draft included', async () => {
    const note = await makeNote(landlord, { listingId: draft.id });
    expect(note.listingId).toBe(draft.id);
  });

  it('answers a replayed create with the stored note (200), never a second one', async () => {
    const who = await person(client, 'renter');
    const id = randomUUID();
    const first = await who.client.post('/api/notes', { id, propertyAddress: '1 Main St' });
    expect(first.status).toBe(201);
    const stored = NoteResponseSchema.parse(await first.json()).note;
    const again = await who.client.post('/api/notes', {
      id,
      propertyAddress: '1 Main St',
      content: 'the queue sent it twice',
    });
    expect(again.status).toBe(200);
    expect(NoteResponseSchema.parse(await again.json()).note).toEqual(stored);
    expect(await noteCount(who.id)).toBe(1);
    expect(await notesChangedCount(db, who.id)).toBe(1);
  });

  it('answers the same create sent twice at once with one note', async () => {
    const who = await person(client, 'renter');
    const id = randomUUID();
    const body = { id, propertyAddress: '9 Pell St', content: 'sent from two tabs' };
    const [a, b] = await Promise.all([
      who.client.post('/api/notes', body),
      who.client.post('/api/notes', body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [first, second] = [await a.json(), await b.json()];
    expect(NoteResponseSchema.parse(first).note).toEqual(NoteResponseSchema.parse(second).note);
    expect(await noteCount(who.id)).toBe(1);
  });

  it("refuses another user's note id with 409, revealing nothing of it", async () => {
    const note = await makeNote(renter, { content: 'Secret: the super takes cash.' });
    const other = await person(client, 'renter');
    const res = await other.client.post('/api/notes', {
      id: note.id,
      propertyAddress: '1 Main St',
    });
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe('CONFLICT');
    expect(text).not.toContain('super');
    expect(text).not.toContain(note.propertyAddress);
    expect(await noteCount(other.id)).toBe(0);
    expect((await listNotes(renter)).find((n) => n.id === note.id)).toEqual(note);
  });

  it('refuses a listing the caller cannot see (400) and creates nothing', async () => {
    const who = await person(client, 'renter');
    for (const listingId of [draft.id, randomUUID()]) {
      const res = await who.client.post('/api/notes', { propertyAddress: 'x', listingId });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'That listing does not exist or is no longer available.',
      });
    }
    expect(await noteCount(who.id)).toBe(0);
  });

  it.each([
    ['no address', { content: 'x' }, 'Property address is required.'],
    ['a blank address', { propertyAddress: '   ' }, 'Property address is required.'],
    [
      'content of 10,000 characters',
      { propertyAddress: 'x', content: 'a'.repeat(10_000) },
      'Notes must be at most 5000 characters.',
    ],
    ['amenities that are not a list', { propertyAddress: 'x', amenities: 'Dishwasher' }, null],
    ['an amenity that is not text', { propertyAddress: 'x', amenities: [{ name: 'Gym' }] }, null],
    ['an empty amenity', { propertyAddress: 'x', amenities: [''] }, null],
    [
      'a day that does not exist',
      { propertyAddress: 'x', dateViewed: '2026-02-30' },
      'Date viewed must be a date (YYYY-MM-DD).',
    ],
    [
      'a date in another format',
      { propertyAddress: 'x', dateViewed: '11/24/2026' },
      'Date viewed must be a date (YYYY-MM-DD).',
    ],
    [
      'year 0',
      { propertyAddress: 'x', dateViewed: '0000-01-01' },
      'Date viewed must be between 1900 and 2100.',
    ],
    ['an edit time that is not one', { propertyAddress: 'x', editedAt: 'yesterday' }, null],
    ['a malformed id', { id: 'abc', propertyAddress: 'x' }, 'Invalid note ID format'],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const who = await person(client, 'renter');
    const res = await who.client.post('/api/notes', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_ERROR');
    if (message) expect(error.message).toBe(message);
    expect(await noteCount(who.id)).toBe(0);
    expect(await notesChangedCount(db, who.id)).toBe(0);
  });

  it(`refuses note ${NOTES_PER_USER + 1} with 409, but still answers a replayed create`, async () => {
    const who = await person(client, 'renter');
    const first = await makeNote(who);
    await db.execute(sql`insert into ${notes} (user_id, property_address, date_viewed)
      select ${who.id}, 'Filler ' || n, '2026-01-01' from generate_series(2, ${NOTES_PER_USER}) n`);
    const res = await who.client.post('/api/notes', { propertyAddress: 'One more' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'CONFLICT',
      message: 'You can keep up to 2,000 notes. Delete some to add new ones.',
    });
    const replay = await who.client.post('/api/notes', { id: first.id, propertyAddress: 'x' });
    expect(replay.status).toBe(200);
    expect(await noteCount(who.id)).toBe(NOTES_PER_USER);
  });
});

describe('GET /api/notes', () => {
  it("lists only the caller's notes, newest edit first, and one listing's on request", async () => {
    const me = await person(client, 'renter');
    const other = await person(client, 'renter');
    const older = await makeNote(me, { propertyAddress: 'Older', editedAt: at(1) });
    const newer = await makeNote(me, {
      propertyAddress: 'Newer',
      editedAt: at(2),
      listingId: listing.id,
    });
    const otherNote = await makeNote(other, { listingId: listing.id });
    expect((await listNotes(me)).map((n) => n.id)).toEqual([newer.id, older.id]);
    expect((await listNotes(me, listing.id)).map((n) => n.id)).toEqual([newer.id]);
    expect((await listNotes(other)).map((n) => n.id)).toEqual([otherNote.id]);

    // An edit moves a note to the top.
    const res = await me.client.patch(`/api/notes/${older.id}`, {
      content: 'Went back for a second look.',
      editedAt: at(5),
    });
    expect(res.status).toBe(200);
    expect((await listNotes(me)).map((n) => n.id)).toEqual([older.id, newer.id]);
  });

  it('refuses a malformed listingId with 400', async () => {
    const res = await renter.client.get('/api/notes?listingId=nope');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Invalid listing ID format');
  });

  it('is never kept by a cache', async () => {
    const res = await renter.client.get('/api/notes');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PATCH /api/notes/{id}', () => {
  it('changes the given fields only, and version goes up by one a change', async () => {
    const note = await makeNote(renter, { unitNumber: '2A', amenities: ['Gym'] });
    const res = await renter.client.patch(`/api/notes/${note.id}`, {
      content: 'Second visit: the noise is from the bar downstairs.',
      baseVersion: 1,
      editedAt: at(9),
    });
    expect(res.status).toBe(200);
    const body = NoteResponseSchema.parse(await res.json());
    expect(body.conflictCopy).toBeUndefined();
    expect(body.note).toEqual({
      ...note,
      content: 'Second visit: the noise is from the bar downstairs.',
      version: 2,
      updatedAt: at(9),
    });
    const again = NoteResponseSchema.parse(
      await (
        await renter.client.patch(`/api/notes/${note.id}`, {
          listingId: listing.id,
          unitNumber: '',
        })
      ).json(),
    );
    expect(again.note).toMatchObject({ version: 3, listingId: listing.id, unitNumber: '' });
    const unlinked = NoteResponseSchema.parse(
      await (await renter.client.patch(`/api/notes/${note.id}`, { listingId: null })).json(),
    );
    expect(unlinked.note).toMatchObject({ version: 4, listingId: null });
  });

  it('an edit that changes nothing keeps the version and publishes nothing', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who, { content: 'Same' });
    const res = await who.client.patch(`/api/notes/${note.id}`, {
      content: 'Same',
      baseVersion: 1,
    });
    expect(res.status).toBe(200);
    expect(NoteResponseSchema.parse(await res.json()).note).toEqual(note);
    expect(await notesChangedCount(db, who.id)).toBe(1);
  });

  it('an edit sent again (its answer lost) changes nothing the second time', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const edit = { content: 'Queued offline.', baseVersion: 1, editedAt: at(40) };
    const first = NoteResponseSchema.parse(
      await (await who.client.patch(`/api/notes/${note.id}`, edit)).json(),
    );
    const again = NoteResponseSchema.parse(
      await (await who.client.patch(`/api/notes/${note.id}`, edit)).json(),
    );
    expect(first.note.version).toBe(2);
    expect(again).toEqual({ note: first.note });
    expect(await noteCount(who.id)).toBe(1);
  });

  it('two edits made on version 1: the later edit wins, the other is kept as a copy', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who, { content: 'First impressions.', editedAt: at(0) });
    // The phone syncs first, an edit made at :10.
    const phone = await who.client.patch(`/api/notes/${note.id}`, {
      content: 'Phone: landlord says heat is included.',
      baseVersion: 1,
      editedAt: at(10),
    });
    expect(NoteResponseSchema.parse(await phone.json()).note.version).toBe(2);
    // The laptop, offline, edited version 1 at :05 and syncs now: it lost.
    const laptop = await who.client.patch(`/api/notes/${note.id}`, {
      content: 'Laptop: ask about the broker fee.',
      amenities: ['Elevator'],
      baseVersion: 1,
      editedAt: at(5),
    });
    expect(laptop.status).toBe(200);
    const lost = NoteResponseSchema.parse(await laptop.json());
    expect(lost.note).toMatchObject({
      content: 'Phone: landlord says heat is included.',
      amenities: [],
      version: 2,
    });
    expect(lost.conflictCopy).toMatchObject({
      userId: who.id,
      propertyAddress: note.propertyAddress,
      content: 'Laptop: ask about the broker fee.',
      amenities: ['Elevator'],
      conflictOf: note.id,
      version: 1,
      updatedAt: at(5),
    });

    // A tablet edited version 1 at :20 (later than the phone): it wins, the phone's is copied.
    const tablet = await who.client.patch(`/api/notes/${note.id}`, {
      content: 'Tablet: signed the application.',
      baseVersion: 1,
      editedAt: at(20),
    });
    const won = NoteResponseSchema.parse(await tablet.json());
    expect(won.note).toMatchObject({
      content: 'Tablet: signed the application.',
      version: 3,
      updatedAt: at(20),
    });
    expect(won.conflictCopy).toMatchObject({
      content: 'Phone: landlord says heat is included.',
      conflictOf: note.id,
      updatedAt: at(10),
    });

    // Nothing lost: every text is in one of the notes.
    const contents = (await listNotes(who)).map((n) => n.content).sort();
    expect(contents).toEqual([
      'Laptop: ask about the broker fee.',
      'Phone: landlord says heat is included.',
      'Tablet: signed the application.',
    ]);
  });

  it('without a base version the last write wins and nothing is copied', async () => {
    const who = await person(client, 'renter');
    const note = await makeNote(who, { editedAt: at(30) });
    await who.client.patch(`/api/notes/${note.id}`, { content: 'v2', editedAt: at(31) });
    const res = await who.client.patch(`/api/notes/${note.id}`, {
      content: 'older but last',
      editedAt: at(1),
    });
    const body = NoteResponseSchema.parse(await res.json());
    expect(body.note).toMatchObject({ content: 'older but last', version: 3 });
    expect(body.conflictCopy).toBeUndefined();
    expect(await noteCount(who.id)).toBe(1);
  });

  it('answers 404 "Note not found" for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await renter.client.patch(`/api/notes/${id}`, { content: 'x' });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({
        code: 'NOTE_NOT_FOUND',
        message: 'Note not found',
      });
    }
  });

  it.each([
    ['a blank address', { propertyAddress: '' }, 400],
    ['content of 10,000 characters', { content: 'a'.repeat(10_000) }, 400],
    ['amenities of the wrong shape', { amenities: [1, 2] }, 400],
    ['a bad date', { dateViewed: '2026-13-01' }, 400],
    ['a base version of 0', { baseVersion: 0, content: 'x' }, 400],
    ['a listing the caller cannot see', { listingId: draft.id }, 400],
  ])('refuses %s and changes nothing', async (_label, body, status) => {
    const who = await person(client, 'renter');
    const note = await makeNote(who);
    const res = await who.client.patch(`/api/notes/${note.id}`, body);
    expect(res.status).toBe(status);
    expect(await listNotes(who)).toEqual([note]);
    expect(await notesChangedCount(db, who.id)).toBe(1);
  });
});

describe('DELETE /api/notes/{id}', () => {
  it('deletes the note (204); after that it is not found', async () => {
    const who = await person(client, 'renter');
    const keep = await makeNote(who, { propertyAddress: 'Keep' });
    const note = await makeNote(who, { propertyAddress: 'Delete me' });
    const res = await who.client.request('DELETE', `/api/notes/${note.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await listNotes(who)).toEqual([keep]);
    for (const res2 of [
      await who.client.request('DELETE', `/api/notes/${note.id}`),
      await who.client.patch(`/api/notes/${note.id}`, { content: 'x' }),
    ]) {
      expect(res2.status).toBe(404);
      expect((await errorOf(res2)).message).toBe('Note not found');
    }
  });
});

describe('notes.changed', () => {
  it('reaches the author on every change, in the same transaction, and no one else', async () => {
    const who = await person(client, 'renter');
    const bystander = await person(client, 'renter');
    const stream = await EventStreamReader.open(app, who.client);
    const other = await EventStreamReader.open(app, bystander.client);
    expect(stream.status).toBe(200);
    try {
      const note = await makeNote(who);
      await who.client.patch(`/api/notes/${note.id}`, { content: 'changed' });
      await who.client.request('DELETE', `/api/notes/${note.id}`);
      await stream.until((events) => events.filter((e) => e.type === 'notes.changed').length >= 3);
      expect(stream.ofType('notes.changed').map((e) => e.data)).toEqual([{}, {}, {}]);
      expect(await notesChangedCount(db, who.id)).toBe(3);
      expect(await notesChangedCount(db, bystander.id)).toBe(0);
      expect(other.ofType('notes.changed')).toEqual([]);
    } finally {
      await stream.close();
      await other.close();
    }
  });
});
