import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { type ThreadData, threadMessages } from '../api/message-cache.ts';
import { messagingKeys } from '../api/messaging-keys.ts';
import { applyLiveEvent, toLiveEvent } from './apply-live-event.ts';
import { connectLiveEvents } from './connect-live-events.ts';
import { isLiveConnected } from './live-status.ts';

const ME = 'me';
const C = 'c1';

function m(id: string, overrides: Partial<Message> = {}): Message {
  return {
    id,
    conversationId: C,
    senderId: 'other',
    receiverId: ME,
    content: id,
    listingId: null,
    createdAt: '2026-11-20T12:00:00Z',
    isEdited: false,
    editedAt: null,
    isRead: false,
    readAt: null,
    readByReceiverAt: null,
    ...overrides,
  };
}

function withThread(client: QueryClient, items: Message[]) {
  client.setQueryData<ThreadData>(messagingKeys.messages(C), {
    pages: [{ items, nextCursor: null }],
    pageParams: [undefined],
  });
}
const ids = (client: QueryClient) =>
  threadMessages(client.getQueryData<ThreadData>(messagingKeys.messages(C))).map((x) => x.id);

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown, id: string) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

describe('live events into the query cache', () => {
  it('appends new messages to the open thread, once', () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    const event = toLiveEvent('message.created', { message: m('b') });
    if (!event) throw new Error('not an event');
    applyLiveEvent(client, ME, event);
    applyLiveEvent(client, ME, event);
    expect(ids(client)).toEqual(['a', 'b']);
  });

  it('replaces an edited message', () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    const event = toLiveEvent('message.updated', {
      message: m('a', { content: 'changed', isEdited: true, editedAt: '2026-11-20T12:05:00Z' }),
    });
    if (!event) throw new Error('not an event');
    applyLiveEvent(client, ME, event);
    const [a] = threadMessages(client.getQueryData<ThreadData>(messagingKeys.messages(C)));
    expect(a).toMatchObject({ content: 'changed', isEdited: true });
  });

  it('shows read receipts and sets the unread counts', () => {
    const client = new QueryClient();
    withThread(client, [m('a', { senderId: ME, receiverId: 'other' })]);
    const read = toLiveEvent('messages.read', {
      conversationId: C,
      readerId: 'other',
      messageIds: ['a'],
      readAt: '2026-11-20T13:00:00Z',
    });
    const unread = toLiveEvent('unread.changed', { total: 4, byConversation: { c1: 4 } });
    if (!read || !unread) throw new Error('not an event');
    applyLiveEvent(client, ME, read);
    applyLiveEvent(client, ME, unread);
    const [a] = threadMessages(client.getQueryData<ThreadData>(messagingKeys.messages(C)));
    expect(a?.readByReceiverAt).toBe('2026-11-20T13:00:00Z');
    expect(client.getQueryData(messagingKeys.unread(ME))).toEqual({
      total: 4,
      byConversation: { c1: 4 },
    });
  });

  it('ignores unknown or malformed events', () => {
    expect(toLiveEvent('message.created', { message: { id: 1 } })).toBeNull();
    expect(toLiveEvent('unread.changed', { total: 'x' })).toBeNull();
    expect(toLiveEvent('something.else', {})).toBeNull();
  });
});

describe('connectLiveEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const connect = (client: QueryClient) =>
    connectLiveEvents(client, ME, {
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
    });

  it('writes events into the cache and reports the connection', () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    const close = connect(client);
    const source = FakeEventSource.instances[0];
    if (!source) throw new Error('no stream');
    expect(source.url).toBe('/api/events');
    source.open();
    expect(isLiveConnected()).toBe(true);
    source.emit('message.created', { message: m('b') }, '7');
    source.emit('unread.changed', { total: 1, byConversation: { c1: 1 } }, '8');
    expect(ids(client)).toEqual(['a', 'b']);
    expect(client.getQueryData(messagingKeys.unread(ME))).toEqual({
      total: 1,
      byConversation: { c1: 1 },
    });
    close();
    expect(source.closed).toBe(true);
    expect(isLiveConnected()).toBe(false);
  });

  it('lets the browser retry a dropped stream, and reopens a closed one where it stopped', () => {
    const client = new QueryClient();
    const close = connect(client);
    const first = FakeEventSource.instances[0];
    if (!first) throw new Error('no stream');
    first.open();
    first.emit('unread.changed', { total: 0, byConversation: {} }, '41');
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

  it('refetches everything on reset', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const close = connect(client);
    FakeEventSource.instances[0]?.emit('reset', {}, '90');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['messaging'] });
    close();
  });
});
