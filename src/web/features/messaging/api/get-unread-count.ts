import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { messagingKeys } from './messaging-keys.ts';

/** docs/spec.md §3: unread counts are a total and a per-conversation map. */
export type UnreadCounts = { total: number; byConversation: Record<string, number> };

/**
 * Narrows the answer to the shape of the shared `UnreadCountSchema`. The badge is on every page,
 * so a hand-written check keeps zod out of the start-up bundle (decision 012).
 */
export function parseUnreadCounts(data: unknown): UnreadCounts {
  if (typeof data === 'object' && data !== null) {
    const { total, byConversation } = data as { total?: unknown; byConversation?: unknown };
    if (
      typeof total === 'number' &&
      typeof byConversation === 'object' &&
      byConversation !== null &&
      Object.values(byConversation).every((n) => typeof n === 'number')
    ) {
      return { total, byConversation: byConversation as Record<string, number> };
    }
  }
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `GET /api/messages/unread-count`. */
export function fetchUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  return api('/api/messages/unread-count', {
    parse: parseUnreadCounts,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The unread counts behind the navbar's Messages badge. Live events write into this query at once
 * (`unread.changed`); the docs/spec.md §9 polling stays as the fallback: every 30 s, paused while
 * the page is hidden (`refetchIntervalInBackground: false`) and refreshed when it shows again.
 */
export const unreadCountsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: messagingKeys.unread(userId),
    queryFn: ({ signal }) => fetchUnreadCounts(signal),
    enabled: userId !== null,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });

/** The unread counts of the signed-in user (undefined until the first answer). */
export function useUnreadCounts(userId: string | null) {
  return useQuery(unreadCountsQueryOptions(userId)).data;
}

/** The unread total for the signed-in user; zero while signed out. */
export function useUnreadCount(userId: string | null) {
  return useUnreadCounts(userId)?.total ?? 0;
}
