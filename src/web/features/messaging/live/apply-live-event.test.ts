import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { connectLiveEvents } from '../../../lib/live/connect-live-events.ts';
import { FakeEventSource } from '../../../testing/fake-event-source.ts';
import { aMessage } from '../../../testing/messaging-test-harness.tsx';
import { type ThreadData, threadMessages } from '../api/message-cache.ts';
import { messagingKeys } from '../api/messaging-keys.ts';
import {
  addPending,
  clearPending,
  type PendingMessage,
  pendingFor,
} from '../hooks/pending-messages.ts';
import { messagingLive } from './apply-live-event.ts';

const ME = 'me';
const C = 'c1';

function m(id: string, overrides: Partial<Message> = {}): Message {
  return aMessage({
    id,
    conversationId: C,
    senderId: 'other',
    receiverId: ME,
    content: id,
    createdAt: '2026-11-20T12:00:00Z',
    isRead: false,
    ...overrides,
  });
}

function withThread(client: QueryClient, items: Message[]) {
  client.setQueryData<ThreadData>(messagingKeys.messages(C), {
    pages: [{ items, nextCursor: null }],
    pageParams: [undefined],
  });
}
const thread = (client: QueryClient) =>
  threadMessages(client.getQueryData<ThreadData>(messagingKeys.messages(C)));
const ids = (client: QueryClient) => thread(client).map((x) => x.id);

/** Messaging's handlers on a live stream the test drives. */
function stream(client: QueryClient) {
  const close = connectLiveEvents({ queryClient: client, me: ME }, [messagingLive], {
    EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
  });
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no stream');
  let id = 0;
  return {
    close,
    emit: (type: string, data: unknown) => source.emit(type, data, String(++id)),
  };
}

function pending(key: string, content: string): PendingMessage {
  return {
    key,
    conversationId: C,
    content,
    listingId: null,
    createdAt: new Date().toISOString(),
    status: 'sending',
    error: null,
  };
}

/** Pending messages leave in the query cache's next notification batch (a zero timeout). */
const nextBatch = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("messaging's live handlers", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    clearPending();
  });
  afterEach(() => clearPending());

  it('appends new messages to the open thread, once', () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    const live = stream(client);
    live.emit('message.created', { message: m('b') });
    live.emit('message.created', { message: m('b') });
    expect(ids(client)).toEqual(['a', 'b']);
    live.close();
  });

  it('replaces an edited message', () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    const live = stream(client);
    live.emit('message.updated', {
      message: m('a', { content: 'changed', isEdited: true, editedAt: '2026-11-20T12:05:00Z' }),
    });
    expect(thread(client)[0]).toMatchObject({ content: 'changed', isEdited: true });
    live.close();
  });

  it('shows read receipts and sets the unread counts', () => {
    const client = new QueryClient();
    withThread(client, [m('a', { senderId: ME, receiverId: 'other' })]);
    const live = stream(client);
    live.emit('messages.read', {
      conversationId: C,
      readerId: 'other',
      messageIds: ['a'],
      readAt: '2026-11-20T13:00:00Z',
    });
    live.emit('unread.changed', { total: 4, byConversation: { c1: 4 } });
    expect(thread(client)[0]?.readByReceiverAt).toBe('2026-11-20T13:00:00Z');
    expect(client.getQueryData(messagingKeys.unread(ME))).toEqual({
      total: 4,
      byConversation: { c1: 4 },
    });
    live.close();
  });

  it('ignores malformed events', () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    const live = stream(client);
    live.emit('message.created', { message: { id: 1 } });
    live.emit('unread.changed', { total: 'x' });
    live.emit('messages.read', { conversationId: C });
    expect(ids(client)).toEqual(['a']);
    expect(client.getQueryData(messagingKeys.unread(ME))).toBeUndefined();
    live.close();
  });

  it('refetches everything messaging shows on ready and on reset', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const live = stream(client);
    live.emit('ready', {});
    live.emit('reset', {});
    expect(invalidate.mock.calls).toEqual([
      [{ queryKey: ['messaging'] }],
      [{ queryKey: ['messaging'] }],
    ]);
    live.close();
  });

  it('replaces exactly its own pending message, even when another has the same text', async () => {
    const client = new QueryClient();
    withThread(client, [m('a')]);
    addPending(pending('key-first-0001', 'On my way'));
    addPending(pending('key-second-0002', 'On my way'));
    const live = stream(client);
    const delivered = m('b', { senderId: ME, receiverId: 'other', content: 'On my way' });
    live.emit('message.created', { message: delivered, idempotencyKey: 'key-second-0002' });
    expect(ids(client)).toEqual(['a', 'b']);
    await nextBatch();
    expect(pendingFor(C).map((p) => p.key)).toEqual(['key-first-0001']);
    live.close();
  });

  it('leaves pending messages alone for a message without a key (the receiver’s copy)', async () => {
    const client = new QueryClient();
    withThread(client, []);
    addPending(pending('key-first-0001', 'Hello'));
    const live = stream(client);
    live.emit('message.created', { message: m('b', { content: 'Hello' }) });
    await nextBatch();
    expect(ids(client)).toEqual(['b']);
    expect(pendingFor(C).map((p) => p.key)).toEqual(['key-first-0001']);
    live.close();
  });
});
