import type { QueryClient } from '@tanstack/react-query';
import type { EventType } from '../../../../shared/schemas/messaging.ts';
import { messagingKeys } from '../api/messaging-keys.ts';
import { applyLiveEvent, toLiveEvent } from './apply-live-event.ts';
import { setLiveConnected } from './live-status.ts';

/** The shared `EVENT_TYPES`, spelled out: importing the schema module would bring zod along. */
const EVENT_TYPES = [
  'message.created',
  'message.updated',
  'messages.read',
  'unread.changed',
  'reset',
] as const satisfies readonly EventType[];

/** How long to wait before opening a new stream after the browser gave one up. */
const REOPEN_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

type Options = {
  url?: string;
  /** Injected by tests; the browser's `EventSource` otherwise. */
  EventSourceImpl?: typeof EventSource;
};

/**
 * Opens `GET /api/events` for the signed-in user and writes every event into the query cache.
 *
 * The browser reconnects a dropped stream by itself and resends `Last-Event-ID`, so nothing is
 * lost. When it gives up (the stream answered with an error status), a new `EventSource` is opened
 * after a back-off with `?lastEventId=` — a new object does not resend the header. A stream that
 * starts fresh (`ready`) or cannot resume (`reset`) may have missed something: every messaging
 * query is refetched. Returns the function that closes it.
 */
export function connectLiveEvents(
  queryClient: QueryClient,
  me: string,
  { url = '/api/events', EventSourceImpl = globalThis.EventSource }: Options = {},
): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
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
    const event = toLiveEvent(message.type, data);
    if (event) applyLiveEvent(queryClient, me, event);
  };

  const onReady = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    // Anything between the page's first requests and this stream's start.
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  };

  const open = () => {
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
    current.addEventListener('ready', onReady as EventListener);
    for (const type of EVENT_TYPES) current.addEventListener(type, onEvent as EventListener);
  };

  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
    setLiveConnected(false);
  };
}
