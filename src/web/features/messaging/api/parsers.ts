import {
  ConversationListingsSchema,
  ConversationListSchema,
  ConversationResponseSchema,
} from '../../../../shared/schemas/messaging.ts';

/*
 * The conversation list and a thread's header checked by the shared schemas. Imported only dynamically, so zod loads
 * beside the first request instead of in the dashboards' initial JS (decision 012).
 */
export const conversationList = ConversationListSchema.parse;
export const conversationListings = ConversationListingsSchema.parse;
export const conversation = ConversationResponseSchema.parse;
