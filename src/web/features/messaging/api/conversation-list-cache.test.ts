import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type {
  Conversation,
  ConversationSummary,
  Message,
} from '../../../../shared/schemas/messaging.ts';
import { aMessage } from '../../../testing/messaging-test-harness.tsx';
import {
  addConversationToLists,
  applyEditToLists,
  applyMessageToLists,
  applyUnreadCounts,
  type ConversationPages,
  conversationRows,
  markListsRead,
} from './conversation-list-cache.ts';
import { type ConversationListFilters, DEFAULT_FILTERS, messagingKeys } from './messaging-keys.ts';

const ME = 'me';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => `2026-11-20T12:${String(minute).padStart(2, '0')}:00.000Z`;

function row(n: number, minute: number, unreadCount = 0): ConversationSummary {
  return {
    id: id(n),
    otherParticipant: { id: id(100 + n), name: `Person ${n}`, role: 'renter' },
    lastMessage: {
      id: id(200 + n),
      content: `hello ${n}`,
      timestamp: at(minute),
      senderId: id(100 + n),
      isRead: unreadCount === 0,
    },
    unreadCount,
    listingContext: null,
    updatedAt: at(minute),
  };
}

function message(conversation: number, minute: number, overrides: Partial<Message> = {}): Message {
  return aMessage({
    id: id(300 + minute),
    conversationId: id(conversation),
    senderId: id(100 + conversation),
    receiverId: ME,
    content: `new ${minute}`,
    createdAt: at(minute),
    isRead: false,
    ...overrides,
  });
}

/** A list of two loaded pages (2 + 2 rows) and, unless `end`, more to come. */
function withList(
  client: QueryClient,
  filters: ConversationListFilters,
  rows: ConversationSummary[],
  end = false,
) {
  const data: ConversationPages = {
    pages: [
      { items: rows.slice(0, 2), nextCursor: 'c1' },
      { items: rows.slice(2), nextCursor: end ? null : 'c2' },
    ],
    pageParams: [null, 'c1'],
  };
  client.setQueryData(messagingKeys.conversationList(filters), data);
}

function ids(client: QueryClient, filters: ConversationListFilters) {
  const data = client.getQueryData<ConversationPages>(messagingKeys.conversationList(filters));
  return conversationRows(data).map((r) => r.id);
}

const newest = DEFAULT_FILTERS;
const oldest = { ...DEFAULT_FILTERS, sort: 'oldest' as const };
const unreadFirst = { ...DEFAULT_FILTERS, sort: 'unread_first' as const };

describe('the loaded conversation pages, live', () => {
  it('moves a conversation with a new message to the top, its preview and unread count updated', () => {
    const client = new QueryClient();
    withList(client, newest, [row(1, 40), row(2, 30), row(3, 20), row(4, 10)]);
    const missing = applyMessageToLists(client, message(3, 50, { content: 'x'.repeat(300) }), ME);
    expect(missing).toEqual([]);
    expect(ids(client, newest)).toEqual([id(3), id(1), id(2), id(4)]);
    const data = client.getQueryData<ConversationPages>(messagingKeys.conversationList(newest));
    // Same page sizes, same cursors.
    expect(data?.pages.map((p) => [p.items.length, p.nextCursor])).toEqual([
      [2, 'c1'],
      [2, 'c2'],
    ]);
    const top = data?.pages[0]?.items[0];
    expect(top?.lastMessage?.content).toBe(`${'x'.repeat(199)}…`);
    expect(top?.unreadCount).toBe(1);
    // The same event twice changes nothing more.
    applyMessageToLists(client, message(3, 50, { content: 'x'.repeat(300) }), ME);
    expect(
      conversationRows(client.getQueryData(messagingKeys.conversationList(newest)))[0]?.unreadCount,
    ).toBe(1);
  });

  it('keeps a moved conversation in place in the oldest order while pages are still to come', () => {
    const client = new QueryClient();
    withList(client, oldest, [row(4, 10), row(3, 20), row(2, 30), row(1, 40)]);
    applyMessageToLists(client, message(4, 50), ME);
    expect(ids(client, oldest)).toEqual([id(4), id(3), id(2), id(1)]);
    const all = { ...oldest, showUnreadOnly: false };
    const done = new QueryClient();
    withList(done, all, [row(4, 10), row(3, 20), row(2, 30), row(1, 40)], true);
    applyMessageToLists(done, message(4, 50), ME);
    expect(ids(done, all)).toEqual([id(3), id(2), id(1), id(4)]);
  });

  it('reports lists that lack the conversation; an unfiltered one gets the row, a filtered one is fetched again', async () => {
    const client = new QueryClient();
    const search = { ...DEFAULT_FILTERS, searchTerm: 'loft' };
    withList(client, newest, [row(1, 40), row(2, 30), row(3, 20), row(4, 10)]);
    withList(client, search, [row(1, 40), row(2, 30)]);
    client.setQueryData(messagingKeys.unread(ME), { total: 3, byConversation: { [id(9)]: 3 } });
    const fresh = message(9, 55);
    const missing = applyMessageToLists(client, fresh, ME);
    expect(missing.map((m) => m.filters)).toEqual([newest, search]);
    const conversation: Conversation = {
      id: id(9),
      participant1Id: ME,
      participant2Id: id(109),
      listingId: null,
      createdAt: at(1),
      updatedAt: at(55),
      otherParticipant: { id: id(109), name: 'Nina New', role: 'renter' },
      listingContext: null,
    };
    addConversationToLists(client, conversation, fresh, ME, missing);
    expect(ids(client, newest)).toEqual([id(9), id(1), id(2), id(3), id(4)]);
    const top = conversationRows(client.getQueryData(messagingKeys.conversationList(newest)))[0];
    expect(top).toMatchObject({ unreadCount: 3, lastMessage: { content: 'new 55' } });
    expect(client.getQueryState(messagingKeys.conversationList(search))?.isInvalidated).toBe(true);
    expect(client.getQueryState(messagingKeys.conversationList(newest))?.isInvalidated).toBe(false);
  });

  it('takes exact unread counts and reorders unread first', () => {
    const client = new QueryClient();
    withList(client, unreadFirst, [row(1, 10, 2), row(2, 40), row(3, 30), row(4, 20)]);
    applyUnreadCounts(client, { total: 1, byConversation: { [id(3)]: 1 } });
    expect(ids(client, unreadFirst)).toEqual([id(3), id(2), id(4), id(1)]);
    const rows = conversationRows(client.getQueryData(messagingKeys.conversationList(unreadFirst)));
    expect(rows.map((r) => r.unreadCount)).toEqual([1, 0, 0, 0]);
  });

  it('clears a conversation the user read, and shows an edit of a last message', () => {
    const client = new QueryClient();
    withList(client, unreadFirst, [row(1, 10, 2), row(2, 40), row(3, 30), row(4, 20)]);
    markListsRead(client, id(1));
    const rows = conversationRows(client.getQueryData(messagingKeys.conversationList(unreadFirst)));
    expect(rows.find((r) => r.id === id(1))).toMatchObject({
      unreadCount: 0,
      lastMessage: { isRead: true },
    });
    expect(rows.map((r) => r.id)).toEqual([id(2), id(3), id(4), id(1)]);
    applyEditToLists(client, message(2, 40, { id: id(202), content: 'edited' }));
    const edited = conversationRows(
      client.getQueryData(messagingKeys.conversationList(unreadFirst)),
    );
    expect(edited.find((r) => r.id === id(2))?.lastMessage?.content).toBe('edited');
  });

  it('shows each conversation once when a later page repeats one moved to the top', () => {
    expect(
      conversationRows({
        pages: [
          { items: [row(3, 50), row(1, 40)], nextCursor: 'c1' },
          { items: [row(2, 30), row(3, 20)], nextCursor: null },
        ],
      }).map((r) => r.id),
    ).toEqual([id(3), id(1), id(2)]);
  });
});
