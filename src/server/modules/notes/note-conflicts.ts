/*
 * How an edit meets the stored note (decision 032). Pure: the service reads the note, asks
 * `resolveNoteEdit` what to write, and writes it. An edit made on an older version than the
 * stored one is a conflict; the later edit (by `editedAt`) wins and the other side's full text
 * is kept as a new note, so no text is ever lost.
 */

/** The fields a note's edits sync (photos are added and removed online, one at a time). */
export type NoteText = {
  propertyAddress: string;
  unitNumber: string;
  dateViewed: string;
  content: string;
  amenities: string[];
  listingId: string | null;
};

export const NOTE_TEXT_FIELDS = [
  'propertyAddress',
  'unitNumber',
  'dateViewed',
  'content',
  'amenities',
  'listingId',
] as const satisfies readonly (keyof NoteText)[];

export type StoredNoteSide = { text: NoteText; version: number; editedAt: Date };
export type NoteEdit = {
  /** Only the fields that changed; an absent field keeps its stored value. */
  changes: Partial<NoteText>;
  /** The version the edit was made on; absent: last write wins. */
  baseVersion?: number | undefined;
  editedAt: Date;
};
export type KeptText = { text: NoteText; editedAt: Date };

export type NoteEditResolution = {
  /** What the note becomes; null: it stays as stored (nothing changed, or the stored side won). */
  write: KeptText | null;
  /** The losing side of a conflict, to keep as a new note. */
  copy: KeptText | null;
};

function sameValue(a: NoteText[keyof NoteText], b: NoteText[keyof NoteText]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return a === b;
}

export function sameText(a: NoteText, b: NoteText): boolean {
  return NOTE_TEXT_FIELDS.every((field) => sameValue(a[field], b[field]));
}

/** The stored text with the edit's fields laid over it. */
export function applyChanges(text: NoteText, changes: Partial<NoteText>): NoteText {
  const next = { ...text, amenities: [...text.amenities] };
  for (const field of NOTE_TEXT_FIELDS) {
    const value = changes[field];
    if (value !== undefined) Object.assign(next, { [field]: value });
  }
  return next;
}

/**
 * What an edit does to the stored note. Without a conflict (no `baseVersion`, or the edit was
 * made on the stored version) the edit is written. With one, the later `editedAt` wins (a tie
 * goes to the edit, the write that arrived last) and the losing text becomes `copy`. An edit
 * that changes nothing writes nothing and, even if stale, loses nothing.
 */
export function resolveNoteEdit(stored: StoredNoteSide, edit: NoteEdit): NoteEditResolution {
  const proposed = applyChanges(stored.text, edit.changes);
  if (sameText(proposed, stored.text)) return { write: null, copy: null };
  const ours: KeptText = { text: proposed, editedAt: edit.editedAt };
  const stale = edit.baseVersion !== undefined && edit.baseVersion < stored.version;
  if (!stale) return { write: ours, copy: null };
  const theirs: KeptText = { text: stored.text, editedAt: stored.editedAt };
  return edit.editedAt.getTime() >= stored.editedAt.getTime()
    ? { write: ours, copy: theirs }
    : { write: null, copy: ours };
}

/** The client's edit time, never later than the server's now: a fast clock cannot win forever. */
export function clampEditedAt(editedAt: string | undefined, now: Date): Date {
  if (editedAt === undefined) return now;
  const at = new Date(editedAt);
  return at.getTime() > now.getTime() ? now : at;
}
