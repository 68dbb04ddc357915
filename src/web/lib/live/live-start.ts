import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * Where a page's live stream starts (decision 062). `GET /api/session` tells the signed-in user's
 * newest live event id as it answers. A stream opened from that id is sent every later event, so
 * a query started after that answer has missed nothing and is not fetched again when the stream
 * opens; only the queries already started by then are. Without a noted start (signed in offline,
 * say) the stream opens fresh and its `ready` refetches everything, as before.
 */

export type LiveStart = {
  /** The newest event id when the session answered. */
  eventId: number;
  /** The queries started before that answer: they may have read the server before an event. */
  startedBefore: QueryKey[];
};

/** A query that shows nothing an event can change (the session, the health check) says so. */
export const NOT_LIVE = { live: false } as const;

const starts = new Map<string, LiveStart>();

/**
 * Notes the session's answer for `userId`, once until a stream takes it: the first answer is the
 * one from before the page's queries.
 */
export function noteLiveStart(queryClient: QueryClient, userId: string, eventId: number): void {
  if (starts.has(userId)) return;
  const startedBefore = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.meta?.live !== false)
    .map((query) => query.queryKey);
  starts.set(userId, { eventId, startedBefore });
}

/** The start noted for `userId`, handed out once: a later stream resumes from its own events. */
export function takeLiveStart(userId: string): LiveStart | undefined {
  const start = starts.get(userId);
  starts.delete(userId);
  return start;
}
