import { STORAGE_KEYS } from '../../../shared/constants.ts';

/*
 * What the notes provider needs on every page, apart from the store itself: the store's code
 * loads only for a signed-in renter (notes-provider.tsx), so these cannot live in it.
 */

export const NOTES_MESSAGES = {
  loadFailed: 'Failed to load notes. Please try again later.',
  syncFailed: 'Failed to sync notes. Please try again later.',
  createSignedOut: 'User must be logged in to create notes',
  updateSignedOut: 'User must be logged in to update notes',
  deleteSignedOut: 'User must be logged in to delete notes',
  notFound: 'Note not found',
} as const;

export const outboxKey = (userId: string) => `${STORAGE_KEYS.notes(userId)}.outbox`;
