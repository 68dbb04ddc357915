import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { STREAMS_END_CHANNEL } from './events.service.ts';
import { LiveStream } from './live-stream.ts';
import { NodeSseResponse, type SseSink } from './sse-response.ts';

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
  /** One stream's life: subscribed, caught up, then open until the client or we end it. */
  const serve = async (
    sink: SseSink,
    userId: string,
    resumeFrom: number | undefined,
    closed: Promise<void>,
  ) => {
    const live = new LiveStream(sink, db, userId, logger);
    const ended = new Promise<void>((resolve) => {
      void closed.then(resolve);
      live.onClose = resolve;
    });
    const unsubscribe = events.subscribe(userId, live);
    const mine = openStreams.get(userId) ?? new Set<LiveStream>();
    openStreams.set(userId, mine.add(live));
    const heartbeat = setInterval(() => live.heartbeat(), HEARTBEAT_MS);
    try {
      await sink.write(`retry: ${RETRY_MS}\n\n`);
      // Listening before reading: nothing committed in between can be missed.
      await events.ready();
      await live.start(resumeFrom);
      await ended;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
      mine.delete(live);
      if (mine.size === 0) openStreams.delete(userId);
    }
  };

  return new Hono<AppEnv>().use(requireUser).get('/', (c) => {
    const userId = currentUser(c).id;
    const resumeFrom = parseEventId(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing) {
      // On a Node server: straight onto the response (sse-response.ts), none of the request's
      // Hono objects kept while the stream is open.
      const sink = new NodeSseResponse(outgoing);
      const closed = new Promise<void>((resolve) => sink.onClose(resolve));
      void serve(sink, userId, resumeFrom, closed)
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'event stream failed'))
        .finally(() => sink.end());
      return RESPONSE_ALREADY_SENT;
    }
    // app.request() in tests: Hono's own SSE stream.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) => {
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      return serve(stream, userId, resumeFrom, closed);
    });
  });
}

function parseEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
