import type { QueryClient } from '@tanstack/react-query';
import type { PublishedEventType } from '../../../shared/schemas/events.ts';
import type { LiveContext, LiveFeature, LiveHandler } from './live-feature.ts';
import type { LiveStart } from './live-start.ts';
import { setLiveConnected } from './live-status.ts';

/*
 * Only types come from the shared catalogue: importing its schemas would bring zod into this
 * chunk (decision 012). The event names to listen to are the registered handlers' keys.
 */

/** How long to wait before opening a new stream after the browser gave one up. */
const REOPEN_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

type Options = {
  url?: string;
  /** Injected by tests; the browser's `EventSource` otherwise. */
  EventSourceImpl?: typeof EventSource;
  /** Where the session said the stream stands (live-start.ts): resumed from there, no `ready`. */
  start?: LiveStart;
};

type Run = (data: unknown) => void;

/** The queries fetching now, each with the data it holds. */
function fetchingQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ fetchStatus: 'fetching' })
    .map((query) => ({ query, data: query.state.data }));
}

/**
 * A fetch in flight when an event arrives (the resync at `ready`, say) may have read the server
 * before the event's commit, and when it lands it replaces what the handler just wrote: a live
 * message vanished that way under load. Each such query the handler changed is fetched again,
 * which cancels the stale fetch.
 */
function refetchOverwritten(
  queryClient: QueryClient,
  inFlight: ReturnType<typeof fetchingQueries>,
) {
  for (const { query, data } of inFlight) {
    // A page being added ("Load more") is left to land: fetching again would drop it.
    if (query.state.data === data || query.state.fetchMeta?.fetchMore) continue;
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** Every registered handler of each event type, bound to the context. */
function handlersByType(features: readonly LiveFeature[], context: LiveContext) {
  const byType = new Map<string, Run[]>();
  for (const feature of features) {
    for (const [type, handler] of Object.entries(feature.handlers)) {
      if (!handler) continue;
      // `parse` and `apply` come from one handler, so they agree on the data's type.
      const typed = handler as LiveHandler<PublishedEventType> & {
        apply(data: unknown, context: LiveContext): void;
      };
      const run: Run = (data) => {
        const parsed = typed.parse(data);
        if (parsed === null) return;
        const inFlight = fetchingQueries(context.queryClient);
        typed.apply(parsed, context);
        refetchOverwritten(context.queryClient, inFlight);
      };
      byType.set(type, [...(byType.get(type) ?? []), run]);
    }
  }
  return byType;
}

/**
 * Opens `GET /api/events` for the signed-in user and hands each event to the handlers the
 * features registered for its type.
 *
 * The browser reconnects a dropped stream by itself and resends `Last-Event-ID`, so nothing is
 * lost. When it gives up (the stream answered with an error status), a new `EventSource` is opened
 * after a back-off with `?lastEventId=` — a new object does not resend the header — or as soon as
 * the browser is back online. A stream that
 * starts fresh (`ready`) or cannot resume (`reset`) may have missed something: every feature
 * resyncs. With a `start` from the session's answer, the first stream resumes from there too
 * (decision 062). Returns the function that closes it.
 */
export function connectLiveEvents(
  context: LiveContext,
  features: readonly LiveFeature[],
  { url = '/api/events', EventSourceImpl = globalThis.EventSource, start }: Options = {},
): () => void {
  const byType = handlersByType(features, context);
  let source: EventSource | null = null;
  let lastEventId: string | null = start ? String(start.eventId) : null;
  // Started before the session answered: they may hold what an event since has changed.
  for (const queryKey of start?.startedBefore ?? []) {
    void context.queryClient.invalidateQueries({ queryKey, exact: true });
  }
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onEvent = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const run of byType.get(message.type) ?? []) run(data);
  };

  /** `ready`: anything between the page's first requests and this stream's start. `reset`: too much was missed. */
  const onResync = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    for (const feature of features) feature.resync(context);
  };

  const open = () => {
    timer = undefined;
    if (closed || !EventSourceImpl) return;
    const target = lastEventId ? `${url}?lastEventId=${encodeURIComponent(lastEventId)}` : url;
    const current = new EventSourceImpl(target, { withCredentials: true });
    source = current;
    current.onopen = () => {
      attempt = 0;
      setLiveConnected(true);
    };
    current.onerror = () => {
      setLiveConnected(false);
      if (current.readyState !== EventSourceImpl.CLOSED || closed) return;
      // The browser gave up on this one: open a new one later, resuming where it stopped.
      const delay = REOPEN_DELAYS_MS[Math.min(attempt, REOPEN_DELAYS_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(open, delay);
    };
    current.addEventListener('ready', onResync as EventListener);
    current.addEventListener('reset', onResync as EventListener);
    for (const type of byType.keys()) current.addEventListener(type, onEvent as EventListener);
  };

  // Back online: a stream waiting out its back-off (which grew while offline) opens now.
  const onOnline = () => {
    if (closed || timer === undefined) return;
    clearTimeout(timer);
    attempt = 0;
    open();
  };
  globalThis.addEventListener?.('online', onOnline);

  open();
  return () => {
    closed = true;
    globalThis.removeEventListener?.('online', onOnline);
    clearTimeout(timer);
    source?.close();
    source = null;
    setLiveConnected(false);
  };
}
