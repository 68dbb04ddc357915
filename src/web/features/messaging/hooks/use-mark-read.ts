import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { markListsRead } from '../api/conversation-list-cache.ts';
import { useUnreadCounts } from '../api/get-unread-count.ts';
import { markConversationRead } from '../api/mark-read.ts';
import { clearUnread, type ThreadData, withAllReadByMe } from '../api/message-cache.ts';
import { messagingKeys } from '../api/messaging-keys.ts';
import { usePageVisible } from './use-page-visible.ts';

/**
 * Marks the thread read while it is open and the page visible, whenever messages from the other
 * person are unread (on opening, and as new ones arrive).
 */
export function useMarkRead(conversationId: string, me: string, list: readonly Message[]) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const visible = usePageVisible();
  const counts = useUnreadCounts(me);
  const unreadHere = (counts?.byConversation[conversationId] ?? 0) > 0;
  const unreadInThread = list.some((m) => m.senderId !== me && !m.isRead);
  const newest = list[list.length - 1]?.id ?? null;
  const busy = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `newest` re-runs it as messages arrive.
  useEffect(() => {
    if (!visible || !(unreadInThread || unreadHere) || busy.current) return;
    busy.current = true;
    markConversationRead(conversationId)
      .then(({ readAt }) => {
        queryClient.setQueryData<ThreadData>(messagingKeys.messages(conversationId), (data) =>
          data ? withAllReadByMe(data, me, readAt ?? new Date().toISOString()) : data,
        );
        clearUnread(queryClient, me, conversationId);
        markListsRead(queryClient, conversationId);
        // The counts knew of messages this thread had not loaded yet (the stream was down).
        if (!unreadInThread) {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversationId) });
        }
      })
      .catch((error: unknown) => toastRef.current.error(errorMessage(error)))
      .finally(() => {
        busy.current = false;
      });
  }, [visible, unreadInThread, unreadHere, conversationId, me, newest, queryClient]);
}
