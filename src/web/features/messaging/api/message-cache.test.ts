import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { aMessage } from '../../../testing/messaging-test-harness.tsx';
import {
  clearUnread,
  type ThreadData,
  threadMessages,
  upsertMessage,
  withAllReadByMe,
  withMessage,
  withReadReceipts,
} from './message-cache.ts';
import { messagingKeys } from './messaging-keys.ts';

const ME = 'me';
const OTHER = 'other';
const C = 'c1';

function m(id: string, createdAt: string, overrides: Partial<Message> = {}): Message {
  return aMessage({
    id,
    conversationId: C,
    senderId: OTHER,
    receiverId: ME,
    content: id,
    createdAt,
    isRead: false,
    ...overrides,
  });
}

/** Newest page first, each page ascending. */
const thread = (): ThreadData => ({
  pages: [
    { items: [m('c', '2026-11-20T12:00:00Z'), m('d', '2026-11-20T13:00:00Z')], nextCursor: 'c' },
    { items: [m('a', '2026-11-19T12:00:00Z'), m('b', '2026-11-19T13:00:00Z')], nextCursor: null },
  ],
  pageParams: [undefined, 'c'],
});

describe('the thread cache', () => {
  it('lists messages oldest first across pages', () => {
    expect(threadMessages(thread()).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(threadMessages(undefined)).toEqual([]);
  });

  it('appends a new message to the newest page once, in time order', () => {
    const e = m('e', '2026-11-20T14:00:00Z');
    const once = withMessage(thread(), e, { append: true });
    const twice = withMessage(once, e, { append: true });
    expect(threadMessages(twice).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('replaces an edited message wherever it is, and never appends an edit', () => {
    const edited = m('a', '2026-11-19T12:00:00Z', { content: 'fixed', isEdited: true });
    expect(threadMessages(withMessage(thread(), edited, { append: false }))[0]?.content).toBe(
      'fixed',
    );
    const unknown = m('z', '2026-11-20T15:00:00Z');
    const data = thread();
    expect(withMessage(data, unknown, { append: false })).toBe(data);
  });

  it("shows the other person's read receipt on my messages", () => {
    const data = thread();
    const mine: ThreadData = {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        items: p.items.map((x) => ({ ...x, senderId: ME, receiverId: OTHER })),
      })),
    };
    const read = withReadReceipts(
      mine,
      { readerId: OTHER, messageIds: ['c', 'd'], readAt: '2026-11-21T00:00:00Z' },
      ME,
    );
    expect(threadMessages(read).map((x) => x.readByReceiverAt)).toEqual([
      null,
      null,
      '2026-11-21T00:00:00Z',
      '2026-11-21T00:00:00Z',
    ]);
  });

  it('marks everything from the other person read for me', () => {
    const read = withAllReadByMe(thread(), ME, '2026-11-21T00:00:00Z');
    expect(threadMessages(read).every((x) => x.isRead && x.readAt !== null)).toBe(true);
  });

  it('writes into a cached thread only', () => {
    const client = new QueryClient();
    upsertMessage(client, m('x', '2026-11-20T14:00:00Z'), true);
    expect(client.getQueryData(messagingKeys.messages(C))).toBeUndefined();
    client.setQueryData(messagingKeys.messages(C), thread());
    upsertMessage(client, m('x', '2026-11-20T14:00:00Z'), true);
    expect(threadMessages(client.getQueryData(messagingKeys.messages(C))).at(-1)?.id).toBe('x');
  });

  it("drops a conversation's unread count from the cached total", () => {
    const client = new QueryClient();
    client.setQueryData(messagingKeys.unread(ME), { total: 5, byConversation: { c1: 3, c2: 2 } });
    clearUnread(client, ME, 'c1');
    expect(client.getQueryData(messagingKeys.unread(ME))).toEqual({
      total: 2,
      byConversation: { c2: 2 },
    });
  });
});
