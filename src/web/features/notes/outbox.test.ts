import { describe, expect, it } from 'vitest';
import type { Note } from '../../../shared/schemas/notes.ts';
import { enqueue, mergeWithServer, type NoteFields, type OutboxOp } from './outbox.ts';

const fields: NoteFields = {
  propertyAddress: '1 Main St',
  unitNumber: '',
  dateViewed: '2026-11-24',
  content: '',
  amenities: [],
  listingId: null,
};
const create = (opId: string, noteId: string): OutboxOp => ({
  kind: 'create',
  opId,
  noteId,
  fields,
  editedAt: 't1',
});
const update = (opId: string, noteId: string, content: string): OutboxOp => ({
  kind: 'update',
  opId,
  noteId,
  fields: { content },
  baseVersion: 1,
  editedAt: `t-${opId}`,
});
const note = (id: string, content = ''): Note => ({
  ...fields,
  id,
  content,
  userId: 'u',
  photos: [],
  version: 1,
  conflictOf: null,
  createdAt: '',
  updatedAt: '',
});

describe('outbox', () => {
  it('folds an edit into the waiting op of the same note, keeping the latest editedAt', () => {
    const queue = enqueue(
      enqueue([create('c', 'n1')], update('u1', 'n1', 'a')),
      update('u2', 'n1', 'b'),
    );
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ kind: 'create', fields: { content: 'b' }, editedAt: 't-u2' });
  });

  it('never folds into the op being sent or one already sent', () => {
    const sending = enqueue([create('c', 'n1')], update('u1', 'n1', 'a'), 'c');
    expect(sending.map((op) => op.kind)).toEqual(['create', 'update']);
    const sent = enqueue([{ ...create('c', 'n1'), attempted: true }], update('u1', 'n1', 'a'));
    expect(sent).toHaveLength(2);
  });

  it('drops a create the server never saw when its note is deleted; otherwise queues the delete', () => {
    const del: OutboxOp = { kind: 'delete', opId: 'd', noteId: 'n1' };
    expect(enqueue([create('c', 'n1')], del)).toEqual([]);
    expect(enqueue([{ ...create('c', 'n1'), attempted: true }], del)).toEqual([del]);
    expect(enqueue([update('u', 'n1', 'x')], del)).toEqual([del]);
    expect(enqueue([create('c', 'n1')], del, 'c')).toEqual([create('c', 'n1'), del]);
  });

  it('shows waiting edits over the server list, hides waiting deletes, adds waiting creates once', () => {
    const server = [note('n1', 'server'), note('n2'), note('n3')];
    const local = [note('n1', 'mine'), note('n2'), note('n4', 'new')];
    const queue: OutboxOp[] = [
      update('u', 'n1', 'mine'),
      { kind: 'delete', opId: 'd', noteId: 'n2' },
      create('c', 'n4'),
    ];
    const merged = mergeWithServer(server, local, queue);
    expect(merged.map((n) => [n.id, n.content])).toEqual([
      ['n1', 'mine'],
      ['n3', ''],
      ['n4', 'new'],
    ]);
    // The create landed but its answer was lost: the note shows once.
    expect(mergeWithServer([...server, note('n4', 'new')], local, queue)).toHaveLength(3);
  });
});
