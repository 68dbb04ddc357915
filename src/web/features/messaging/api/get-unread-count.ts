import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';

/** Spec §3: unread counts are a total and a per-conversation map. */
export type UnreadCounts = { total: number; byConversation: Record<string, number> };

/**
 * The unread counts behind the navbar's Messages badge.
 *
 * The messaging API does not exist yet, so the query function answers `total: 0` without a
 * network call. When it lands, replace the body with
 * `api('/api/conversations/unread-count', { parse: UnreadCountsSchema.parse })`; the polling
 * below (30 s, paused while the page is hidden — TanStack Query's default for
 * `refetchInterval` — and refreshed on return) already follows spec §9.
 */
export async function fetchUnreadCounts(): Promise<UnreadCounts> {
  return { total: 0, byConversation: {} };
}

export const unreadCountsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['messaging', 'unread-count', userId],
    queryFn: fetchUnreadCounts,
    enabled: userId !== null,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** Unread counts for the signed-in user; zero while signed out. */
export function useUnreadCount(userId: string | null) {
  const query = useQuery(unreadCountsQueryOptions(userId));
  return query.data?.total ?? 0;
}
