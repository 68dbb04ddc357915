import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { messageIntoLists } from '../api/conversation-list-cache.ts';
import { newIdempotencyKey, sendMessage } from '../api/send-message.ts';
import {
  addPending,
  deliverPending,
  type PendingMessage,
  pendingFor,
  removePending,
  updatePending,
} from './pending-messages.ts';

/**
 * Optimistic sending: the message shows at once as "Sending…", then becomes the server's copy.
 * A failure toasts the spec's message and leaves the message with Retry, which sends again with
 * the same idempotency key, so the server never stores it twice.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();

  const deliver = useCallback(
    async (pending: PendingMessage) => {
      try {
        const message = await sendMessage({
          conversationId: pending.conversationId,
          content: pending.content,
          listingId: pending.listingId,
          idempotencyKey: pending.key,
        });
        deliverPending(queryClient, message, pending.key);
        // The sender's own message: its conversation moves up in their lists.
        messageIntoLists(queryClient, message, message.senderId);
      } catch (error) {
        const text = errorMessage(error);
        updatePending(pending.conversationId, pending.key, { status: 'failed', error: text });
        toast.error(text);
      }
    },
    [queryClient, toast],
  );

  const send = useCallback(
    (content: string, listingId: string | null) => {
      const pending: PendingMessage = {
        key: newIdempotencyKey(),
        conversationId,
        content,
        listingId,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
      };
      addPending(pending);
      void deliver(pending);
    },
    [conversationId, deliver],
  );

  const retry = useCallback(
    (key: string) => {
      const pending = pendingFor(conversationId).find((m) => m.key === key);
      if (!pending || pending.status === 'sending') return;
      updatePending(conversationId, key, { status: 'sending', error: null });
      void deliver({ ...pending, status: 'sending', error: null });
    },
    [conversationId, deliver],
  );

  const discard = useCallback(
    (key: string) => removePending(conversationId, key),
    [conversationId],
  );

  return { send, retry, discard };
}
