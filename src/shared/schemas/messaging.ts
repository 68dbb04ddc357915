import { z } from 'zod';
import {
  CONVERSATION_PAGE_MAX,
  CONVERSATION_PAGE_SIZE,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  RECENT_CONVERSATIONS_DAYS,
  SEARCH_TERM_MAX_LENGTH,
  SUGGESTIONS_DEFAULT_LIMIT,
} from '../constants.ts';
import { CONVERSATION_SORTS, MESSAGING_MESSAGES, PARTICIPANT_ROLES } from '../messaging.ts';
import { cleanUserText, RAW_TEXT_FACTOR } from '../user-text.ts';

export { CONVERSATION_SORTS, PARTICIPANT_ROLES } from '../messaging.ts';

export { MESSAGING_MESSAGES };

export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

/**
 * Message text (docs/spec.md §5): 1-2000 characters after trimming, stripped of HTML tags by the
 * one rule for user text (decision 022), and the limits count what is left. Whitespace alone is
 * `contentEmpty`; text that was only markup is `contentRange`.
 */
export const MessageContentSchema = z
  .string({ error: MESSAGING_MESSAGES.contentRange })
  .trim()
  .min(1, { error: MESSAGING_MESSAGES.contentEmpty })
  .max(MESSAGE_MAX_LENGTH * RAW_TEXT_FACTOR, { error: MESSAGING_MESSAGES.contentTooLong })
  .transform(cleanUserText)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGING_MESSAGES.contentRange })
      .max(MESSAGE_MAX_LENGTH, { error: MESSAGING_MESSAGES.contentTooLong }),
  );

const uuid = (message: string) => z.uuid({ error: message });
const ConversationIdSchema = uuid(MESSAGING_MESSAGES.conversationNotFound);
const OptionalListingIdSchema = uuid(MESSAGING_MESSAGES.invalidListingId).optional();

export const ConversationIdParamSchema = z.object({ id: ConversationIdSchema });
export const MessageIdParamSchema = z.object({ id: uuid('Message not found') });

/** Query booleans arrive as strings. */
const QueryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false.' })
  .transform((v) => v === 'true' || v === '1');

/** A blank term is the same as no term (docs/spec.md §5). */
const SearchTermSchema = z
  .string()
  .max(SEARCH_TERM_MAX_LENGTH, { error: MESSAGING_MESSAGES.searchTermTooLong })
  .transform((v) => v.trim() || undefined)
  .optional();

/** docs/spec.md §3 "Conversation search filter" plus the sort order. */
export const ConversationFilterSchema = z.object({
  searchTerm: SearchTermSchema,
  listingId: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(OptionalListingIdSchema),
  showUnreadOnly: QueryBoolean.optional(),
  participantRole: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(PARTICIPANT_ROLES, { error: MESSAGING_MESSAGES.invalidRole }).optional()),
  sort: z
    .enum(CONVERSATION_SORTS, { error: 'Sort must be newest, oldest or unread_first.' })
    .default('newest'),
});
export type ConversationFilter = z.output<typeof ConversationFilterSchema>;
export type ConversationFilterInput = z.input<typeof ConversationFilterSchema>;

const pageLimitMessage = `Limit must be a whole number from 1 to ${CONVERSATION_PAGE_MAX}.`;

/** A page of conversations (issue 17): the filters, plus `cursor` (a page's `nextCursor`) and `limit`. */
const ConversationPageParams = {
  cursor: z
    .string()
    .max(400, { error: 'Invalid cursor.' })
    .optional()
    .transform((v) => v || undefined),
  limit: z.coerce
    .number({ error: pageLimitMessage })
    .int({ error: pageLimitMessage })
    .min(1, { error: pageLimitMessage })
    .max(CONVERSATION_PAGE_MAX, { error: pageLimitMessage })
    .default(CONVERSATION_PAGE_SIZE),
};

export const ConversationListQuerySchema = ConversationFilterSchema.extend(ConversationPageParams);
export type ConversationListQuery = z.output<typeof ConversationListQuerySchema>;

export const RecentConversationsQuerySchema = z.object({
  ...ConversationPageParams,
  days: z.coerce
    .number({ error: 'Days must be a whole number from 1 to 365.' })
    .int({ error: 'Days must be a whole number from 1 to 365.' })
    .min(1, { error: 'Days must be a whole number from 1 to 365.' })
    .max(365, { error: 'Days must be a whole number from 1 to 365.' })
    .default(RECENT_CONVERSATIONS_DAYS),
});

/**
 * Suggestions answer only terms of 2+ characters (docs/spec.md §5); shorter ones get an empty list.
 */
export const SuggestionsQuerySchema = z.object({
  term: z
    .string()
    .max(SEARCH_TERM_MAX_LENGTH, { error: MESSAGING_MESSAGES.searchTermTooLong })
    .default('')
    .transform((v) => v.trim()),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 20.' })
    .int({ error: 'Limit must be a whole number from 1 to 20.' })
    .min(1, { error: 'Limit must be a whole number from 1 to 20.' })
    .max(20, { error: 'Limit must be a whole number from 1 to 20.' })
    .default(SUGGESTIONS_DEFAULT_LIMIT),
});

export const CreateConversationSchema = z.object({
  participantId: uuid(MESSAGING_MESSAGES.createFailed),
  listingId: OptionalListingIdSchema,
});

const MessageCursor = uuid('Invalid message cursor').optional();

/**
 * A page of a thread, always in ascending time. `before` (a message id) gives the `limit` messages
 * just older than it; `after` the `limit` just newer; neither gives the newest `limit`, skipping
 * `offset` of the newest.
 */
export const MessagePageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 100.' })
    .int({ error: 'Limit must be a whole number from 1 to 100.' })
    .min(1, { error: 'Limit must be a whole number from 1 to 100.' })
    .max(100, { error: 'Limit must be a whole number from 1 to 100.' })
    .default(MESSAGE_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'Offset must be a whole number of 0 or more.' })
    .int({ error: 'Offset must be a whole number of 0 or more.' })
    .min(0, { error: 'Offset must be a whole number of 0 or more.' })
    .max(100_000, { error: 'Offset must be a whole number of 0 or more.' })
    .default(0),
  after: MessageCursor,
  before: MessageCursor,
});
export type MessagePageQuery = z.output<typeof MessagePageQuerySchema>;

export const IdempotencyKeySchema = z
  .string({ error: 'Each message needs an idempotency key.' })
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, { error: 'Each message needs an idempotency key.' });

export const SendMessageSchema = z.object({
  content: MessageContentSchema,
  listingId: OptionalListingIdSchema,
  idempotencyKey: IdempotencyKeySchema,
});
export type SendMessageInput = z.input<typeof SendMessageSchema>;

export const EditMessageSchema = z.object({ content: MessageContentSchema });

// ---- Responses ----

export const MessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  receiverId: z.uuid().nullable(),
  /** As typed, without real HTML tags (decision 022); render it as text. */
  content: z.string(),
  listingId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  isEdited: z.boolean(),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  /** For the viewer: their own messages count as read (docs/spec.md §4). */
  isRead: z.boolean(),
  readAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the receiver read it: the sender's "read" tick. */
  readByReceiverAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  /** The `before` cursor of the next older page, or null at the start of the thread. */
  nextCursor: z.uuid().nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const SendMessageResponseSchema = z.object({ message: MessageSchema });

export const ParticipantSchema = z.object({
  id: z.uuid(),
  /** 'Unknown User' when the profile has no name (docs/spec.md §3). */
  name: z.string(),
  role: z.enum(['renter', 'landlord', 'admin']),
  /** True when they deleted their account: named 'Deleted user', no replies (decision 039). */
  deleted: z.boolean().optional(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const ListingContextSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  address: z.string().nullable(),
});
export type ListingContext = z.infer<typeof ListingContextSchema>;

/**
 * docs/spec.md §3 "Conversation summary", lean (issue 17): what an inbox row shows.
 * `lastMessage.content` is a preview of at most CONVERSATION_PREVIEW_LENGTH characters (longer text
 * ends in "…"); its `id` lets a live edit of that message update the row.
 */
export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  otherParticipant: ParticipantSchema,
  lastMessage: z
    .object({
      id: z.uuid(),
      content: z.string(),
      timestamp: z.iso.datetime({ offset: true }),
      senderId: z.uuid(),
      isRead: z.boolean(),
    })
    .nullable(),
  unreadCount: z.number().int().min(0),
  listingContext: ListingContextSchema.nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({
  items: z.array(ConversationSummarySchema),
  /** The `cursor` of the next page, or null on the last one (decision 042). */
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** The listings the user's conversations are about: the inbox's listing filter. */
export const ConversationListingsSchema = z.object({ items: z.array(ListingContextSchema) });

/**
 * docs/spec.md §3 "Conversation": stored pair (smaller id first) plus what a thread header needs.
 */
export const ConversationSchema = z.object({
  id: z.uuid(),
  participant1Id: z.uuid(),
  participant2Id: z.uuid(),
  listingId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  otherParticipant: ParticipantSchema,
  listingContext: ListingContextSchema.nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationResponseSchema = z.object({ conversation: ConversationSchema });

export const UnreadCountSchema = z.object({
  total: z.number().int().min(0),
  byConversation: z.record(z.string(), z.number().int().min(1)),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const MarkReadResponseSchema = z.object({
  /** Messages newly marked read by this call. */
  marked: z.number().int().min(0),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});

export const SuggestionSchema = z.object({
  kind: z.enum(['participant', 'listing']),
  value: z.string(),
  conversationId: z.uuid(),
});
export const SuggestionsSchema = z.object({ items: z.array(SuggestionSchema) });

/** Over the last 7 days (docs/spec.md §9 "Search stats recent window"). */
export const ConversationStatsSchema = z.object({
  totalConversations: z.number().int(),
  unreadConversations: z.number().int(),
  totalUnread: z.number().int(),
  recentConversations: z.number().int(),
  messagesSentRecently: z.number().int(),
  messagesReceivedRecently: z.number().int(),
  windowDays: z.number().int(),
});
export type ConversationStats = z.infer<typeof ConversationStatsSchema>;
