import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { STREAMS_END_CHANNEL } from './events.service.ts';
import { LiveStream } from './live-stream.ts';

const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting. */
const RETRY_MS = 3_000;

/**
 * `GET /api/events`: the signed-in user's live stream (ARCHITECTURE §5). A reconnect sends
 * `Last-Event-ID` and receives every event after it exactly once; one too old for the table gets
 * `reset`. A fresh stream starts with `ready`, whose id is where the next reconnect resumes.
 */
export function createEventsRoutes({ database: { db }, events, logger }: AppDeps) {
  const openStreams = new Map<string, Set<LiveStream>>();
  // A suspended user's streams end at once, on every instance (endUserStreams).
  events.watch(STREAMS_END_CHANNEL, (userId) => {
    if (userId === null) return;
    for (const live of openStreams.get(userId) ?? []) live.close();
  });
  return new Hono<AppEnv>().use(requireUser).get('/', (c) => {
    const userId = currentUser(c).id;
    const resumeFrom = parseEventId(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
    // Proxies must pass events through as they come.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const live = new LiveStream(stream, db, userId, logger);
      const aborted = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        live.onClose = resolve;
      });
      const unsubscribe = events.subscribe(userId, live);
      const mine = openStreams.get(userId) ?? new Set<LiveStream>();
      openStreams.set(userId, mine.add(live));
      const heartbeat = setInterval(() => live.heartbeat(), HEARTBEAT_MS);
      try {
        await stream.write(`retry: ${RETRY_MS}\n\n`);
        // Listening before reading: nothing committed in between can be missed.
        await events.ready();
        await live.start(resumeFrom);
        await aborted;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        mine.delete(live);
        if (mine.size === 0) openStreams.delete(userId);
      }
    });
  });
}

function parseEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
