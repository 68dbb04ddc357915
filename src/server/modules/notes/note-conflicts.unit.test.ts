import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  clampEditedAt,
  type NoteText,
  resolveNoteEdit,
  type StoredNoteSide,
  sameText,
} from './note-conflicts.ts';

const text: NoteText = {
  propertyAddress: '215 Bedford Ave',
  unitNumber: '4F',
  dateViewed: '2026-11-20',
  content: 'Bright, small kitchen.',
  amenities: ['Dishwasher'],
  listingId: null,
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));
/** Stored at version 2 (someone else's edit at 12:10 moved it on from version 1). */
const stored: StoredNoteSide = {
  text: { ...text, content: 'Edited on the phone.' },
  version: 2,
  editedAt: at(10),
};

describe('resolveNoteEdit', () => {
  it('writes an edit made on the stored version, with no copy', () => {
    const result = resolveNoteEdit(stored, {
      changes: { content: 'Later thought.' },
      baseVersion: 2,
      editedAt: at(20),
    });
    expect(result).toEqual({
      write: { text: { ...stored.text, content: 'Later thought.' }, editedAt: at(20) },
      copy: null,
    });
  });

  it('without a base version the last write wins, even an older one, with no copy', () => {
    const result = resolveNoteEdit(stored, { changes: { content: 'Old laptop' }, editedAt: at(1) });
    expect(result.write?.text.content).toBe('Old laptop');
    expect(result.copy).toBeNull();
  });

  it('a stale edit made later wins and keeps the stored text as the copy', () => {
    const result = resolveNoteEdit(stored, {
      changes: { content: 'From the laptop.', amenities: ['Gym'] },
      baseVersion: 1,
      editedAt: at(15),
    });
    expect(result.write).toEqual({
      text: { ...stored.text, content: 'From the laptop.', amenities: ['Gym'] },
      editedAt: at(15),
    });
    expect(result.copy).toEqual({ text: stored.text, editedAt: at(10) });
  });

  it('a stale edit made earlier loses: nothing is written, its full text is the copy', () => {
    const result = resolveNoteEdit(stored, {
      changes: { content: 'From the laptop.' },
      baseVersion: 1,
      editedAt: at(5),
    });
    expect(result.write).toBeNull();
    expect(result.copy).toEqual({
      text: { ...stored.text, content: 'From the laptop.' },
      editedAt: at(5),
    });
  });

  it('a tie goes to the edit (the write that arrived last)', () => {
    const result = resolveNoteEdit(stored, {
      changes: { content: 'Same minute.' },
      baseVersion: 1,
      editedAt: at(10),
    });
    expect(result.write?.text.content).toBe('Same minute.');
    expect(result.copy?.text.content).toBe('Edited on the phone.');
  });

  it('an edit that changes nothing writes nothing and copies nothing, stale or not', () => {
    for (const baseVersion of [undefined, 1, 2]) {
      expect(
        resolveNoteEdit(stored, {
          changes: { content: stored.text.content, amenities: ['Dishwasher'] },
          baseVersion,
          editedAt: at(30),
        }),
      ).toEqual({ write: null, copy: null });
    }
  });

  it('a base version newer than the stored one is not a conflict', () => {
    const result = resolveNoteEdit(stored, {
      changes: { unitNumber: '5R' },
      baseVersion: 7,
      editedAt: at(1),
    });
    expect(result).toEqual({
      write: { text: { ...stored.text, unitNumber: '5R' }, editedAt: at(1) },
      copy: null,
    });
  });
});

describe('applyChanges and sameText', () => {
  it('lays defined fields over the text; null clears a listing, undefined keeps a field', () => {
    const linked = { ...text, listingId: '6f1c2d1e-8a55-4a58-9a55-0a1b2c3d4e5f' };
    const next = applyChanges(linked, { listingId: null, content: undefined, amenities: [] });
    expect(next).toEqual({ ...text, amenities: [] });
    expect(linked.amenities).toEqual(['Dishwasher']);
  });

  it('compares amenities by value and order', () => {
    expect(sameText(text, { ...text, amenities: ['Dishwasher'] })).toBe(true);
    expect(sameText(text, { ...text, amenities: ['Dishwasher', 'Gym'] })).toBe(false);
    expect(sameText({ ...text, amenities: ['a', 'b'] }, { ...text, amenities: ['b', 'a'] })).toBe(
      false,
    );
  });
});

describe('clampEditedAt', () => {
  const now = at(30);
  it("takes the client's time, never later than now, and now when there is none", () => {
    expect(clampEditedAt('2026-11-24T12:05:00Z', now)).toEqual(at(5));
    expect(clampEditedAt('2026-11-24T07:05:00-05:00', now)).toEqual(at(5));
    expect(clampEditedAt('2030-01-01T00:00:00Z', now)).toEqual(now);
    expect(clampEditedAt(undefined, now)).toEqual(now);
  });
});
