import { useInfiniteQuery } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type { MessagePage, MessagePageSchema } from '../../../../shared/schemas/messaging.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { isUuid, messagingKeys } from './messaging-keys.ts';

/** `GET /api/conversations/{id}/messages?limit=50[&before=…]`: a page, ascending in time. */
export function fetchMessages(
  conversationId: string,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
  if (before) params.set('before', before);
  return api(`/api/conversations/${encodeURIComponent(conversationId)}/messages?${params}`, {
    parse: asAnswer<typeof MessagePageSchema>,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The thread: the newest page first, older pages as the reader scrolls up. Live events write new
 * messages, edits and read receipts into this cache; while the live stream is down (`live` false)
 * the thread is polled every 30 s instead, paused while the page is hidden.
 */
export function useMessages(conversationId: string, { live }: { live: boolean }) {
  return useInfiniteQuery({
    queryKey: messagingKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => fetchMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: isUuid(conversationId),
    refetchInterval: live ? false : POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}
