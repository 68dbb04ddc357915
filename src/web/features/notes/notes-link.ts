import type { NoteDraft } from './notes-store.ts';

/**
 * What a link to /notes may carry in its router state: a new note to start, prefilled (from a
 * listing or a tour). In the state, not the URL, so it is there offline and on a reload.
 */
export type NotesLinkState = { newNote?: NoteDraft };
