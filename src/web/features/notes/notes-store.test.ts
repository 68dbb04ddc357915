import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import type { CreateNoteInput, Note, UpdateNoteInput } from '../../../shared/schemas/notes.ts';
import {
  createNotesStore,
  NOTES_MESSAGES,
  type NoteAnswer,
  type NotesRemote,
  outboxKey,
} from './notes-store.ts';

const USER = '00000000-0000-4000-8000-000000000001';

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** A server in memory: counts every call; `down` makes calls fail like a network error. */
class FakeServer implements NotesRemote {
  notes = new Map<string, Note>();
  calls: string[] = [];
  down: number | null = null;
  /** Fails the next create after storing it (the answer is lost on the way back). */
  loseNextAnswer = false;

  private check(call: string) {
    this.calls.push(call);
    if (this.down !== null) throw httpError(this.down);
  }

  async list() {
    this.check('list');
    return [...this.notes.values()];
  }

  async create(input: CreateNoteInput): Promise<NoteAnswer> {
    this.check(`create ${input.id}`);
    const id = input.id ?? 'server-id';
    const existing = this.notes.get(id);
    if (existing) return { note: existing };
    const note: Note = {
      id,
      userId: USER,
      propertyAddress: input.propertyAddress,
      unitNumber: input.unitNumber ?? '',
      dateViewed: input.dateViewed ?? '2026-11-24',
      content: input.content,
      amenities: input.amenities ?? [],
      listingId: input.listingId ?? null,
      photos: [],
      version: 1,
      conflictOf: null,
      createdAt: input.editedAt ?? '',
      updatedAt: input.editedAt ?? '',
    };
    this.notes.set(id, note);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw httpError(0);
    }
    return { note };
  }

  async update(id: string, input: UpdateNoteInput): Promise<NoteAnswer> {
    this.check(`update ${id} base ${input.baseVersion}`);
    const note = this.notes.get(id);
    if (!note) throw httpError(404);
    const { baseVersion: _base, editedAt: _at, ...fields } = input;
    const next = { ...note, ...fields, version: note.version + 1 } as Note;
    this.notes.set(id, next);
    return { note: next };
  }

  async remove(id: string) {
    this.check(`delete ${id}`);
    if (!this.notes.delete(id)) throw httpError(404);
  }
}

function setup() {
  const server = new FakeServer();
  const storage = new MemoryStorage();
  const net = { online: true };
  let n = 0;
  const store = createNotesStore({
    userId: USER,
    storage,
    remote: server,
    isOnline: () => net.online,
    newId: () => {
      n += 1;
      return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    },
    now: () => new Date('2026-11-24T15:00:00Z'),
  });
  const offline = () => {
    net.online = false;
    server.down = 0;
  };
  const online = () => {
    net.online = true;
    server.down = null;
  };
  const queue = () => JSON.parse(storage.getItem(outboxKey(USER)) ?? '[]') as unknown[];
  const cached = () => JSON.parse(storage.getItem(STORAGE_KEYS.notes(USER)) ?? '[]') as Note[];
  return { server, storage, store, offline, online, queue, cached };
}

describe('notes store', () => {
  it('keeps offline edits in local storage, marked as waiting, without calling the server', async () => {
    const { server, store, offline, queue, cached } = setup();
    offline();
    const note = store.create({ propertyAddress: '12 Bergen St', content: 'Bright' });
    store.update(note.id, { content: 'Bright, quiet' });
    expect(note.dateViewed).toBe('2026-11-24');
    expect(server.calls).toEqual([]);
    expect(store.getSnapshot().pendingIds.has(note.id)).toBe(true);
    expect(cached()).toMatchObject([{ id: note.id, content: 'Bright, quiet' }]);
    // The edit folded into the waiting create: one request when back online.
    expect(queue()).toHaveLength(1);
  });

  it('drains the queue in order on reconnect, once, and clears the waiting marks', async () => {
    const { server, store, offline, online, queue } = setup();
    offline();
    const a = store.create({ propertyAddress: '1 Court St' });
    const b = store.create({ propertyAddress: '2 Court St' });
    store.remove(a.id);
    expect(queue()).toHaveLength(1); // a never reached the server: nothing to send for it
    online();
    // Two triggers at once (the online event and a refetch) share one run.
    await Promise.all([store.sync(), store.sync()]);
    expect(server.calls).toEqual([`create ${b.id}`, 'list']);
    expect(queue()).toEqual([]);
    expect(store.getSnapshot().pendingIds.size).toBe(0);
    expect(store.getSnapshot().notes.map((n) => n.id)).toEqual([b.id]);
    expect(store.getSnapshot().notes[0]?.version).toBe(1);
  });

  it('never duplicates a create whose answer was lost: the same id is sent again', async () => {
    const { server, store, queue } = setup();
    server.loseNextAnswer = true;
    server.down = null;
    const note = store.create({ propertyAddress: '3 Smith St' });
    await store.sync();
    expect(queue()).toHaveLength(1);
    await store.sync();
    expect(server.notes.size).toBe(1);
    expect(server.calls.filter((c) => c.startsWith('create'))).toEqual([
      `create ${note.id}`,
      `create ${note.id}`,
    ]);
    expect(store.getSnapshot().notes).toHaveLength(1);
    expect(queue()).toEqual([]);
  });

  it('keeps the queue and shows the sync message when the server fails', async () => {
    const { server, store, queue } = setup();
    server.down = 503;
    store.create({ propertyAddress: '4 Hoyt St' });
    await store.sync();
    expect(queue()).toHaveLength(1);
    expect(store.getSnapshot().error).toBe(NOTES_MESSAGES.syncFailed);
    expect(store.getSnapshot().pendingIds.size).toBe(1);
    server.down = null;
    await store.sync();
    expect(queue()).toEqual([]);
    expect(store.getSnapshot().error).toBeNull();
  });

  it('sends updates with the version they were made on, rebased after each answer', async () => {
    const { server, store, offline, online } = setup();
    const note = store.create({ propertyAddress: '5 Dean St' });
    await store.sync();
    offline();
    store.update(note.id, { content: 'one' });
    online();
    const run = store.sync();
    // Made while the first update is on its way: queued on top of it.
    store.update(note.id, { content: 'two' });
    await run;
    await store.sync();
    expect(server.calls.filter((c) => c.startsWith('update'))).toEqual([
      `update ${note.id} base 1`,
      `update ${note.id} base 2`,
    ]);
    expect(server.notes.get(note.id)?.content).toBe('two');
  });

  it('counts a delete answered 404 as done, and recreates a note deleted elsewhere but edited here', async () => {
    const { server, store } = setup();
    const kept = store.create({ propertyAddress: '6 Pacific St' });
    const gone = store.create({ propertyAddress: '7 Pacific St' });
    await store.sync();
    server.notes.clear();
    store.remove(gone.id);
    store.update(kept.id, { content: 'still mine' });
    await store.sync();
    expect(store.getSnapshot().error).toBeNull();
    expect([...server.notes.keys()]).toEqual([kept.id]);
    expect(server.notes.get(kept.id)?.content).toBe('still mine');
  });

  it('merges a conflict copy in and shows the server list under local edits', async () => {
    const { server, store, offline, online } = setup();
    const note = store.create({ propertyAddress: '8 Bond St' });
    await store.sync();
    const copy: Note = {
      ...(server.notes.get(note.id) as Note),
      id: 'copy-id',
      conflictOf: note.id,
    };
    server.update = async (id, input) => {
      const next = { ...(server.notes.get(id) as Note), content: input.content ?? '', version: 3 };
      server.notes.set(id, next);
      server.notes.set(copy.id, copy);
      return { note: next, conflictCopy: copy };
    };
    offline();
    store.update(note.id, { content: 'mine' });
    online();
    await store.sync();
    const ids = store
      .getSnapshot()
      .notes.map((n) => n.id)
      .sort();
    expect(ids).toEqual([note.id, 'copy-id'].sort());
    expect(store.getSnapshot().notes.find((n) => n.id === note.id)?.version).toBe(3);
  });

  it('reports unreadable storage with the load message', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.notes(USER), '{broken');
    const store = createNotesStore({
      userId: USER,
      storage,
      remote: new FakeServer(),
      isOnline: () => true,
      newId: () => 'x',
      now: () => new Date(),
    });
    expect(store.getSnapshot().error).toBe(NOTES_MESSAGES.loadFailed);
  });

  it('fails an update of an unknown note with "Note not found"', () => {
    const { store } = setup();
    expect(() => store.update('missing', { content: 'x' })).toThrow(NOTES_MESSAGES.notFound);
  });
});
