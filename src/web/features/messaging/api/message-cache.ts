import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message, MessagePage } from '../../../../shared/schemas/messaging.ts';
import type { UnreadCounts } from './get-unread-count.ts';
import { messagingKeys } from './messaging-keys.ts';

/**
 * The thread cache: pages of `GET /api/conversations/{id}/messages`. `pages[0]` is the newest
 * page; each later page is older (fetched with `before`). Items inside a page are ascending.
 */
export type ThreadData = InfiniteData<MessagePage, unknown>;

const byTime = (a: Message, b: Message) =>
  a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1;

/** The thread's messages, oldest first. */
export function threadMessages(data: ThreadData | undefined): Message[] {
  if (!data) return [];
  const all: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i -= 1) all.push(...(data.pages[i]?.items ?? []));
  return all;
}

/**
 * Puts a message into the thread: replaces the copy with the same id wherever it is, or (when
 * `append`) adds it to the newest page in time order. Unchanged data is returned as is.
 */
export function withMessage(
  data: ThreadData,
  message: Message,
  { append }: { append: boolean },
): ThreadData {
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((m) => m.id === message.id)) return page;
    found = true;
    return { ...page, items: page.items.map((m) => (m.id === message.id ? message : m)) };
  });
  if (found) return { ...data, pages };
  if (!append || data.pages.length === 0) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const items = [...newest.items, message].sort(byTime);
  return { ...data, pages: [{ ...newest, items }, ...older] };
}

/** Applies read receipts: `readerId` read `messageIds` at `readAt`. */
export function withReadReceipts(
  data: ThreadData,
  receipt: { readerId: string; messageIds: readonly string[]; readAt: string },
  me: string,
): ThreadData {
  const ids = new Set(receipt.messageIds);
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((m) => ids.has(m.id))) return page;
    changed = true;
    return {
      ...page,
      items: page.items.map((m): Message => {
        if (!ids.has(m.id)) return m;
        // Someone else read my message: the sender's "read" tick.
        if (receipt.readerId !== me) return { ...m, readByReceiverAt: receipt.readAt };
        // I read it (maybe in another tab).
        return { ...m, isRead: true, readAt: m.readAt ?? receipt.readAt };
      }),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** Marks every message from the other person read for me (after `POST …/read`). */
export function withAllReadByMe(data: ThreadData, me: string, readAt: string): ThreadData {
  const ids = threadMessages(data)
    .filter((m) => m.senderId !== me && !m.isRead)
    .map((m) => m.id);
  if (ids.length === 0) return data;
  return withReadReceipts(data, { readerId: me, messageIds: ids, readAt }, me);
}

/** Writes a message into its thread's cache, if that thread is cached. */
export function upsertMessage(queryClient: QueryClient, message: Message, append: boolean) {
  queryClient.setQueryData<ThreadData>(messagingKeys.messages(message.conversationId), (data) =>
    data ? withMessage(data, message, { append }) : data,
  );
}

/** Forgets a conversation's unread messages in the cached counts (the badge drops at once). */
export function clearUnread(queryClient: QueryClient, userId: string, conversationId: string) {
  queryClient.setQueryData<UnreadCounts>(messagingKeys.unread(userId), (counts) => {
    const n = counts?.byConversation[conversationId];
    if (!counts || n === undefined) return counts;
    const { [conversationId]: _cleared, ...rest } = counts.byConversation;
    return { total: Math.max(0, counts.total - n), byConversation: rest };
  });
}
