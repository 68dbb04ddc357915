import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Note, NoteResponseSchema, NotesSchema } from '../../shared/schemas/notes.ts';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema/messaging.ts';
import type { Person } from './messaging-fixtures.ts';

/** Creates a note as `who` and checks the 201. */
export async function makeNote(who: Person, body: Record<string, unknown> = {}): Promise<Note> {
  const res = await who.client.post('/api/notes', {
    propertyAddress: '215 Bedford Ave',
    content: 'Bright living room, small kitchen.',
    ...body,
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return NoteResponseSchema.parse(json).note;
}

/** `GET /api/notes` as `who`, optionally for one listing. */
export async function listNotes(who: Person, listingId?: string): Promise<Note[]> {
  const res = await who.client.get(`/api/notes${listingId ? `?listingId=${listingId}` : ''}`);
  expect(res.status).toBe(200);
  return NotesSchema.parse(await res.json()).items;
}

/** How many `notes.changed` events were stored for a user. */
export async function notesChangedCount(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.type, 'notes.changed')));
  return rows.length;
}
