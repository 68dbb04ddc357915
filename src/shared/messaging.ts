/** Helpers the server and the web app share for messaging. */

/** docs/spec.md §8, word for word. */
export const MESSAGING_MESSAGES = {
  contentRange: 'Message content must be between 1 and 2000 characters',
  contentEmpty: 'Message cannot be empty',
  contentTooLong: 'Message cannot exceed 2000 characters',
  searchTermTooLong: 'Search term cannot exceed 100 characters',
  invalidListingId: 'Invalid listing ID format',
  invalidRole: 'Invalid participant role',
  conversationNotFound: 'Conversation not found',
  createFailed: 'Failed to create or retrieve conversation',
  listFailed: 'Failed to retrieve conversations',
  markReadFailed: 'Failed to mark messages as read',
  unreadCountFailed: 'Failed to get unread count',
  sendFailed: 'Failed to send message',
  sendUnexpected: 'An unexpected error occurred while sending the message',
  cannotSend: 'You do not have permission to send messages to this conversation',
  cannotView: 'You do not have permission to view messages in this conversation',
  cannotMarkRead: 'You do not have permission to mark these messages as read',
  cannotAccess: 'You do not have permission to access this conversation',
  /** Not in the spec (it has no edits): Stoop's own wording. */
  cannotEdit: 'You can only edit your own messages',
  /** Stoop's own (decision 039): the other person deleted their account. */
  recipientDeleted:
    'This person deleted their account. You can still read this conversation, but you cannot reply.',
  searchFailed: 'Search failed',
  createConversationFailed: 'Failed to create conversation',
} as const;

/** docs/spec.md §3: a participant without a name. */
export const UNKNOWN_USER = 'Unknown User';

/** A participant who deleted their account (decision 039): their messages stay under this name. */
export const DELETED_USER = 'Deleted user';

/** Up to two initials for the locally drawn avatar (no external avatar service). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A message as a conversation list row shows it (issue 17): at most `length` characters (code
 * points, as PostgreSQL counts them), a longer text cut to end in "…". The server's SQL cuts the
 * same way.
 */
export function messagePreview(content: string, length: number): string {
  const chars = Array.from(content);
  return chars.length > length ? `${chars.slice(0, length - 1).join('')}…` : content;
}

export const CONVERSATION_SORTS = ['newest', 'oldest', 'unread_first'] as const;

export const PARTICIPANT_ROLES = ['landlord', 'renter'] as const;
