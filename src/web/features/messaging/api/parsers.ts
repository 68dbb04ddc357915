import {
  ConversationListingsSchema,
  ConversationListSchema,
} from '../../../../shared/schemas/messaging.ts';

/*
 * The conversation list checked by the shared schema. Imported only dynamically, so zod loads
 * beside the first request instead of in the dashboards' initial JS (decision 012).
 */
export const conversationList = ConversationListSchema.parse;
export const conversationListings = ConversationListingsSchema.parse;
