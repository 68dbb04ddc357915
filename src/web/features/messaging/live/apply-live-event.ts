import type { QueryClient } from '@tanstack/react-query';
import type { EventType, LiveEvent, Message } from '../../../../shared/schemas/messaging.ts';
import { parseUnreadCounts } from '../api/get-unread-count.ts';
import { type ThreadData, upsertMessage, withReadReceipts } from '../api/message-cache.ts';
import { messagingKeys } from '../api/messaging-keys.ts';

/*
 * Events are narrowed by hand (types from the shared schemas): this module runs on every page of
 * a signed-in user, and zod would be a second, larger download for it (decision 012).
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

/** The typed event for an SSE `event:` name and its `data:` JSON, or null when it is neither. */
export function toLiveEvent(type: string, data: unknown): LiveEvent | null {
  switch (type as EventType) {
    case 'message.created':
    case 'message.updated':
      if (isObject(data) && isMessage(data.message)) {
        return { type: type as 'message.created', data: { message: data.message } };
      }
      return null;
    case 'messages.read':
      if (
        isObject(data) &&
        typeof data.conversationId === 'string' &&
        typeof data.readerId === 'string' &&
        typeof data.readAt === 'string' &&
        Array.isArray(data.messageIds)
      ) {
        return {
          type: 'messages.read',
          data: {
            conversationId: data.conversationId,
            readerId: data.readerId,
            readAt: data.readAt,
            messageIds: data.messageIds.filter((id): id is string => typeof id === 'string'),
          },
        };
      }
      return null;
    case 'unread.changed':
      try {
        return { type: 'unread.changed', data: parseUnreadCounts(data) };
      } catch {
        return null;
      }
    case 'reset':
      return { type: 'reset', data: {} };
    default:
      return null;
  }
}

/** Refreshes the conversation lists (last message, unread counts, order) on screen. */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
}

/** Writes one live event into the query cache for the signed-in user `me`. */
export function applyLiveEvent(queryClient: QueryClient, me: string, event: LiveEvent) {
  switch (event.type) {
    case 'message.created':
      upsertMessage(queryClient, event.data.message, true);
      refreshLists(queryClient);
      return;
    case 'message.updated':
      upsertMessage(queryClient, event.data.message, false);
      refreshLists(queryClient);
      return;
    case 'messages.read':
      queryClient.setQueryData<ThreadData>(
        messagingKeys.messages(event.data.conversationId),
        (data) => (data ? withReadReceipts(data, event.data, me) : data),
      );
      refreshLists(queryClient);
      return;
    case 'unread.changed':
      queryClient.setQueryData(messagingKeys.unread(me), event.data);
      return;
    case 'reset':
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      return;
  }
}
