import type { ConversationSort, ParticipantRole } from '../../../../shared/schemas/messaging.ts';
import { pageQueryKeys } from '../../../../shared/ssr.ts';

/**
 * What the conversation list asks the API for (docs/spec.md §3 "Conversation search filter" +
 * sort).
 */
export type ConversationListFilters = {
  sort: ConversationSort;
  showUnreadOnly: boolean;
  participantRole: ParticipantRole | null;
  listingId: string | null;
  searchTerm: string;
};

export const DEFAULT_FILTERS: ConversationListFilters = {
  sort: 'newest',
  showUnreadOnly: false,
  participantRole: null,
  listingId: null,
  searchTerm: '',
};

/**
 * Every messaging query key starts with 'messaging', so a `reset` event (or sign-out, which
 * removes user-scoped queries) reaches all of them at once.
 */
export const messagingKeys = {
  all: ['messaging'] as const,
  unread: pageQueryKeys.unreadCounts,
  conversations: ['messaging', 'conversations'] as const,
  conversationList: (filters: ConversationListFilters) =>
    ['messaging', 'conversations', 'list', filters] as const,
  /** A dashboard's newest few: refetched (one small page) rather than patched. */
  latest: (limit: number) => ['messaging', 'conversations', 'latest', limit] as const,
  listings: ['messaging', 'conversations', 'listings'] as const,
  suggestions: (term: string) => ['messaging', 'conversations', 'suggestions', term] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
};

/** True when a string can be a conversation's (or message's, or listing's) id. */
export { isUuid } from '../../../../shared/uuid.ts';
