import {
  CONVERSATION_PAGE_MAX,
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_PREVIEW_LENGTH,
} from '../../../shared/constants.ts';
import {
  ConversationListingsSchema,
  ConversationListSchema,
  ConversationResponseSchema,
  ConversationStatsSchema,
  CreateConversationSchema,
  EditMessageSchema,
  MarkReadResponseSchema,
  MessagePageSchema,
  SendMessageResponseSchema,
  SendMessageSchema,
  SuggestionsSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/messaging.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const filters =
  'Query: sort=newest|oldest|unread_first, showUnreadOnly, participantRole=landlord|renter, listingId, searchTerm (≤ 100 characters; blank is ignored)';
const paging = `Cursor-paged: limit (default ${CONVERSATION_PAGE_SIZE}, at most ${CONVERSATION_PAGE_MAX}) and cursor (the previous page's nextCursor, null on the last page; made for one sort, a bad one is a 400). Pages after the first keep the first page's order, so a conversation that gets a message meanwhile is met once. lastMessage.content is a preview of at most ${CONVERSATION_PREVIEW_LENGTH} characters`;

/** Conversations and messages in /api/openapi.json. */
export const messagingApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/conversations',
    summary: `The signed-in user's conversation summaries. ${filters}. ${paging}`,
    tags: ['messaging'],
    response: ConversationListSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/conversations',
    summary: 'Get or create the conversation with another user (201 when created)',
    tags: ['messaging'],
    body: CreateConversationSchema,
    response: ConversationResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/search',
    summary: `Search the signed-in user's conversations by name, listing or message text. ${filters}. ${paging}`,
    tags: ['messaging'],
    response: ConversationListSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/suggestions',
    summary: 'Names and listings matching term (2+ characters; limit defaults to 5)',
    tags: ['messaging'],
    response: SuggestionsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/listings',
    summary: "The listings the signed-in user's conversations are about, by title",
    tags: ['messaging'],
    response: ConversationListingsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/stats',
    summary: 'Conversation and unread totals, and activity over the last 7 days',
    tags: ['messaging'],
    response: ConversationStatsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/recent',
    summary: `Conversations active in the last \`days\` (default 30), newest first. ${paging}`,
    tags: ['messaging'],
    response: ConversationListSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/{id}',
    summary: 'One conversation (participants only)',
    tags: ['messaging'],
    response: ConversationResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/conversations/{id}/messages',
    summary:
      'A page of messages, oldest first. Query: limit (default 50), offset, before and after (message ids)',
    tags: ['messaging'],
    response: MessagePageSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/messages',
    summary:
      'Send a message (201); a retry with the same idempotencyKey returns the first one (200). Rate-limited per user (429 with Retry-After)',
    tags: ['messaging'],
    body: SendMessageSchema,
    response: SendMessageResponseSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/conversations/{id}/read',
    summary: "Mark the other person's messages read",
    tags: ['messaging'],
    response: MarkReadResponseSchema,
    auth: true,
  },
  {
    method: 'patch',
    path: '/api/messages/{id}',
    summary: 'Edit your own message',
    tags: ['messaging'],
    body: EditMessageSchema,
    response: SendMessageResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/messages/unread-count',
    summary: 'Unread messages: the total and per conversation',
    tags: ['messaging'],
    response: UnreadCountSchema,
    auth: true,
  },
];
