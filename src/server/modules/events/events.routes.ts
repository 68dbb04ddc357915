import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { LiveStream } from './live-stream.ts';
import { NodeSseResponse, type SseSink } from './sse-response.ts';
import { type StreamSession, StreamSessions } from './stream-sessions.ts';

const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting. */
const RETRY_MS = 3_000;

/**
 * `GET /api/events`: the signed-in user's live stream (docs/architecture.md §5). A reconnect sends
 * `Last-Event-ID` and receives every event after it exactly once; one too old for the table gets
 * `reset`. A fresh stream starts with `ready`, whose id is where the next reconnect resumes.
 */
export function createEventsRoutes(
  { database: { db }, events, logger, env }: AppDeps,
  /** `heartbeatMs`: 25 s; shorter only in tests of the heartbeat's session check. */
  { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
) {
  // Tests of a cluster only (EXPOSE_PID_HEADER): which process holds the stream.
  const extraHeaders: Record<string, string> = env.EXPOSE_PID_HEADER
    ? { 'X-Stoop-Pid': String(process.pid) }
    : {};
  // Each stream ends with its session, on every instance (stream-sessions.ts).
  const streamSessions = new StreamSessions(db, events, logger, heartbeatMs);
  /** One stream's life: subscribed, caught up, then open until the client, or its session, ends. */
  const serve = async (
    sink: SseSink,
    session: StreamSession,
    resumeFrom: number | undefined,
    closed: Promise<void>,
  ) => {
    const { userId } = session;
    const live = new LiveStream(sink, db, userId, logger);
    const ended = new Promise<void>((resolve) => {
      void closed.then(resolve);
      live.onClose = resolve;
    });
    const unsubscribe = events.subscribe(userId, live);
    // Held (and its session checked) before anything is written: a stream whose session ended
    // on the way here writes nothing. Its heartbeat comes from there too.
    const held = streamSessions.hold(live, session);
    try {
      await sink.write(`retry: ${RETRY_MS}\n\n`);
      // Listening before reading: nothing committed in between can be missed.
      await events.ready();
      await live.start(resumeFrom);
      await ended;
    } finally {
      unsubscribe();
      held.release();
    }
  };

  return new Hono<AppEnv>().use(requireUser).get('/', (c) => {
    const userId = currentUser(c).id;
    const sessionId = c.var.sessionId;
    if (sessionId === null) throw new AppError('UNAUTHENTICATED');
    const session = { sessionId, userId };
    const resumeFrom = parseEventId(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing) {
      // On a Node server: straight onto the response (sse-response.ts), none of the request's
      // Hono objects kept while the stream is open.
      const sink = new NodeSseResponse(outgoing, extraHeaders);
      const closed = new Promise<void>((resolve) => sink.onClose(resolve));
      void serve(sink, session, resumeFrom, closed)
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'event stream failed'))
        .finally(() => sink.end());
      return RESPONSE_ALREADY_SENT;
    }
    // app.request() in tests: Hono's own SSE stream.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) => {
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      return serve(stream, session, resumeFrom, closed);
    });
  });
}

function parseEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
