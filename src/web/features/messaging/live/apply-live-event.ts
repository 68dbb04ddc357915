import type { EventData } from '../../../../shared/schemas/events.ts';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { defineLiveFeature } from '../../../lib/live/live-feature.ts';
import {
  applyEditToLists,
  applyUnreadCounts,
  markListsRead,
  messageIntoLists,
  refreshLatest,
} from '../api/conversation-list-cache.ts';
import { parseUnreadCounts } from '../api/get-unread-count.ts';
import { type ThreadData, upsertMessage, withReadReceipts } from '../api/message-cache.ts';
import { messagingKeys } from '../api/messaging-keys.ts';
import { deliverPending } from '../hooks/pending-messages.ts';

/*
 * Messaging's live handlers: new messages, edits, read receipts and unread counts go straight into
 * the query cache. Events are narrowed by hand to the shared catalogue's shapes (see LiveHandler).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isMessage(value: unknown): value is Message {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.conversationId === 'string' &&
    typeof value.senderId === 'string' &&
    typeof value.content === 'string' &&
    typeof value.createdAt === 'string'
  );
}

function parseMessageEvent(data: unknown): EventData<'message.updated'> | null {
  return isObject(data) && isMessage(data.message) ? { message: data.message } : null;
}

function parseMessageCreated(data: unknown): EventData<'message.created'> | null {
  const event = parseMessageEvent(data);
  if (!event || !isObject(data)) return null;
  return typeof data.idempotencyKey === 'string'
    ? { ...event, idempotencyKey: data.idempotencyKey }
    : event;
}

function parseReceipt(data: unknown): EventData<'messages.read'> | null {
  if (
    !isObject(data) ||
    typeof data.conversationId !== 'string' ||
    typeof data.readerId !== 'string' ||
    typeof data.readAt !== 'string' ||
    !Array.isArray(data.messageIds)
  ) {
    return null;
  }
  return {
    conversationId: data.conversationId,
    readerId: data.readerId,
    readAt: data.readAt,
    messageIds: data.messageIds.filter((id): id is string => typeof id === 'string'),
  };
}

export const messagingLive = defineLiveFeature({
  name: 'messaging',
  handlers: {
    'message.created': {
      parse: parseMessageCreated,
      apply: ({ message, idempotencyKey }, { queryClient, me }) => {
        // Only the sender's copy has the key: it replaces exactly the message they were sending.
        if (idempotencyKey) deliverPending(queryClient, message, idempotencyKey);
        else upsertMessage(queryClient, message, true);
        if (me) messageIntoLists(queryClient, message, me);
      },
    },
    'message.updated': {
      parse: parseMessageEvent,
      apply: ({ message }, { queryClient }) => {
        upsertMessage(queryClient, message, false);
        applyEditToLists(queryClient, message);
        refreshLatest(queryClient);
      },
    },
    'messages.read': {
      parse: parseReceipt,
      apply: (receipt, { queryClient, me }) => {
        queryClient.setQueryData<ThreadData>(
          messagingKeys.messages(receipt.conversationId),
          (data) => (data ? withReadReceipts(data, receipt, me) : data),
        );
        // The other person reading changes nothing in my list: my own messages count as read.
        if (receipt.readerId === me) {
          markListsRead(queryClient, receipt.conversationId);
          refreshLatest(queryClient);
        }
      },
    },
    'unread.changed': {
      parse: (data) => {
        try {
          return parseUnreadCounts(data);
        } catch {
          return null;
        }
      },
      apply: (counts, { queryClient, me }) => {
        queryClient.setQueryData(messagingKeys.unread(me), counts);
        applyUnreadCounts(queryClient, counts);
      },
    },
  },
  resync: ({ queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  },
});
