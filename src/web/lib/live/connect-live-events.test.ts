// @vitest-environment happy-dom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventData } from '../../../shared/schemas/events.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { connectLiveEvents } from './connect-live-events.ts';
import { defineLiveFeature, type LiveContext } from './live-feature.ts';
import { isLiveConnected } from './live-status.ts';

/** Two features that record what reaches them: the client knows neither. */
function recordingFeatures() {
  const seen: string[] = [];
  const counts = defineLiveFeature({
    name: 'counts',
    handlers: {
      'unread.changed': {
        parse: (data) => {
          const total = (data as { total?: unknown } | null)?.total;
          return typeof total === 'number' ? { total, byConversation: {} } : null;
        },
        apply: (data: EventData<'unread.changed'>, { me }: LiveContext) =>
          seen.push(`counts:${me}:${data.total}`),
      },
    },
    resync: () => seen.push('counts:resync'),
  });
  const receipts = defineLiveFeature({
    name: 'receipts',
    handlers: {
      'unread.changed': { parse: () => ({ total: 0, byConversation: {} }), apply: () => {} },
      'messages.read': {
        parse: (data) => data as EventData<'messages.read'>,
        apply: (data) => seen.push(`receipts:${data.conversationId}`),
      },
    },
    resync: () => seen.push('receipts:resync'),
  });
  return { seen, features: [counts, receipts] };
}

describe('connectLiveEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const connect = (features: ReturnType<typeof recordingFeatures>['features']) =>
    connectLiveEvents({ queryClient: new QueryClient(), me: 'me' }, features, {
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
    });

  it("hands each event to every feature's handler for its type, and reports the connection", () => {
    const { seen, features } = recordingFeatures();
    const close = connect(features);
    const source = FakeEventSource.instances[0];
    if (!source) throw new Error('no stream');
    expect(source.url).toBe('/api/events');
    expect(source.listensTo()).toEqual(['messages.read', 'ready', 'reset', 'unread.changed']);
    source.open();
    expect(isLiveConnected()).toBe(true);
    source.emit('unread.changed', { total: 3 }, '7');
    source.emit('messages.read', { conversationId: 'c1' }, '8');
    expect(seen).toEqual(['counts:me:3', 'receipts:c1']);
    close();
    expect(source.closed).toBe(true);
    expect(isLiveConnected()).toBe(false);
  });

  it('drops what a handler cannot parse and what is not JSON', () => {
    const { seen, features } = recordingFeatures();
    const close = connect(features);
    const source = FakeEventSource.instances[0];
    source?.emit('unread.changed', { total: 'x' }, '1');
    source?.emit('unread.changed', '{not json', '2');
    expect(seen).toEqual([]);
    close();
  });

  it('asks every feature to resync on ready and on reset', () => {
    const { seen, features } = recordingFeatures();
    const close = connect(features);
    FakeEventSource.instances[0]?.emit('ready', {}, '90');
    FakeEventSource.instances[0]?.emit('reset', {}, '91');
    expect(seen).toEqual(['counts:resync', 'receipts:resync', 'counts:resync', 'receipts:resync']);
    close();
  });

  it("resumes from the session's start: only the queries started before it are fetched again", async () => {
    const { seen, features } = recordingFeatures();
    const queryClient = new QueryClient();
    const fetched: string[] = [];
    const observe = (key: string) =>
      new QueryObserver(queryClient, {
        queryKey: [key],
        queryFn: () => {
          fetched.push(key);
          return key;
        },
        staleTime: Number.POSITIVE_INFINITY,
      }).subscribe(() => {});
    const stops = [observe('before'), observe('after')];
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual(['before', 'after']);
    const close = connectLiveEvents({ queryClient, me: 'me' }, features, {
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      start: { eventId: 12, startedBefore: [['before']] },
    });
    const source = FakeEventSource.instances[0];
    expect(source?.url).toBe('/api/events?lastEventId=12');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual(['before', 'after', 'before']);
    // The replay comes as events; no feature resyncs.
    source?.emit('unread.changed', { total: 2 }, '13');
    expect(seen).toEqual(['counts:me:2']);
    // Should the id be too old after all, the server's reset still resyncs everything.
    source?.emit('reset', {}, '20');
    expect(seen).toEqual(['counts:me:2', 'counts:resync', 'receipts:resync']);
    close();
    for (const stop of stops) stop();
  });

  it('lets the browser retry a dropped stream, and reopens a closed one where it stopped', () => {
    const { features } = recordingFeatures();
    const close = connect(features);
    const first = FakeEventSource.instances[0];
    if (!first) throw new Error('no stream');
    first.open();
    first.emit('unread.changed', { total: 0 }, '41');
    // A drop the browser retries itself (it resends Last-Event-ID): no new object.
    first.fail(false);
    expect(isLiveConnected()).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    // The browser gave up: a new stream after a pause, resuming after event 41.
    first.fail(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]?.url).toBe('/api/events?lastEventId=41');
    close();
  });

  it('reopens at once when the browser is back online, not after the back-off grown offline', () => {
    const { features } = recordingFeatures();
    const close = connect(features);
    const first = FakeEventSource.instances[0];
    if (!first) throw new Error('no stream');
    first.open();
    first.emit('unread.changed', { total: 0 }, '7');
    // Offline: every new stream fails at once, and the pauses grow (1 s, 3 s, 10 s, then 30 s).
    first.fail(true);
    for (const pause of [1_000, 3_000, 10_000]) {
      vi.advanceTimersByTime(pause);
      FakeEventSource.instances.at(-1)?.fail(true);
    }
    expect(FakeEventSource.instances).toHaveLength(4);
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(5);
    expect(FakeEventSource.instances[4]?.url).toBe('/api/events?lastEventId=7');
    // The 30 s reopen it replaced does not also fire.
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(5);
    // Online while a stream is open changes nothing.
    FakeEventSource.instances[4]?.open();
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(5);
    close();
    // Closed: online does nothing either.
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(5);
  });
  it('fetches again a query whose fetch was in flight when an event changed it', async () => {
    vi.useRealTimers();
    const queryClient = new QueryClient();
    // Each fetch waits until the test answers it with what the server held when it read.
    const answers: Array<(value: string[]) => void> = [];
    const observer = new QueryObserver<string[]>(queryClient, {
      queryKey: ['thread'],
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
      retry: false,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.([]);
    await vi.waitFor(() => expect(queryClient.getQueryData(['thread'])).toEqual([]));
    const thread = defineLiveFeature({
      name: 'thread',
      handlers: {
        'message.created': {
          parse: (data) => data as EventData<'message.created'>,
          apply: ({ message }, { queryClient: cache }) =>
            cache.setQueryData<string[]>(['thread'], (old) => [...(old ?? []), message.id]),
        },
      },
      resync: ({ queryClient: cache }) => void cache.invalidateQueries({ queryKey: ['thread'] }),
    });
    const close = connectLiveEvents({ queryClient, me: 'me' }, [thread], {
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
    });
    const source = FakeEventSource.instances[0];
    if (!source) throw new Error('no stream');
    source.open();
    // The resync's fetch reads the server, then the message is committed and arrives live.
    source.emit('ready', {}, '10');
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    source.emit('message.created', { message: { id: 'm1' } }, '11');
    expect(queryClient.getQueryData(['thread'])).toEqual(['m1']);
    // The stale answer lands after the event: it no longer decides what the thread holds.
    answers[1]?.([]);
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[2]?.(['m1']);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryData(['thread'])).toEqual(['m1']);
    // An event while nothing is fetching writes the cache and fetches nothing.
    source.emit('message.created', { message: { id: 'm2' } }, '12');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryClient.getQueryData(['thread'])).toEqual(['m1', 'm2']);
    expect(answers).toHaveLength(3);
    close();
    unsubscribe();
  });
});
