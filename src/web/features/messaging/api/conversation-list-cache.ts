import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { CONVERSATION_PREVIEW_LENGTH } from '../../../../shared/constants.ts';
import { messagePreview } from '../../../../shared/messaging.ts';
import type {
  Conversation,
  ConversationList,
  ConversationSort,
  ConversationSummary,
  Message,
} from '../../../../shared/schemas/messaging.ts';
import { fetchConversation } from './get-conversation.ts';
import type { UnreadCounts } from './get-unread-count.ts';
import { type ConversationListFilters, messagingKeys } from './messaging-keys.ts';

/*
 * Live changes written straight into the loaded pages of every conversation list (issue 17,
 * decision 042): a new message moves its conversation to where the list's sort puts it, reads
 * and unread counts change the rows, all without asking the server for the pages again.
 */

export type ConversationPages = InfiniteData<ConversationList, string | null>;

type ListKey = ReturnType<typeof messagingKeys.conversationList>;

const newestFirst = (a: ConversationSummary, b: ConversationSummary) =>
  a.updatedAt === b.updatedAt ? b.id.localeCompare(a.id) : a.updatedAt < b.updatedAt ? 1 : -1;

/** The orders of docs/spec.md §9 over what the client knows. */
const ORDER: Record<ConversationSort, (a: ConversationSummary, b: ConversationSummary) => number> =
  {
    newest: newestFirst,
    oldest: (a, b) => -newestFirst(a, b),
    unread_first: (a, b) => b.unreadCount - a.unreadCount || newestFirst(a, b),
  };

/** The rows of all loaded pages, each conversation once (the first copy wins). */
export function conversationRows(
  data: { pages: ConversationList[] } | undefined,
): ConversationSummary[] {
  const seen = new Set<string>();
  const rows: ConversationSummary[] = [];
  for (const page of data?.pages ?? []) {
    for (const row of page.items) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The pages with `change` applied to the rows and the rows put back in the list's order, in pages
 * of the same sizes (their cursors kept). In the oldest-first order a conversation that moved
 * belongs after pages not loaded yet: it keeps its place until the list is fetched again.
 */
function rewrite(
  data: ConversationPages,
  sort: ConversationSort,
  change: (rows: ConversationSummary[]) => ConversationSummary[],
): ConversationPages {
  let rows = change(conversationRows(data));
  const more = data.pages.at(-1)?.nextCursor != null;
  if (!(sort === 'oldest' && more)) rows = [...rows].sort(ORDER[sort]);
  const pages = data.pages.map((page, index) => {
    const isLast = index === data.pages.length - 1;
    const items = isLast ? rows : rows.slice(0, page.items.length);
    rows = isLast ? [] : rows.slice(page.items.length);
    return { ...page, items };
  });
  return { ...data, pages };
}

function listsOf(queryClient: QueryClient) {
  return queryClient.getQueriesData<ConversationPages>({
    queryKey: [...messagingKeys.conversations, 'list'],
  });
}

const filtersOf = (key: readonly unknown[]) => (key as ListKey)[3];

/** True when the list shows every conversation (only its sort chosen). */
function unfiltered(filters: ConversationListFilters) {
  return (
    !filters.showUnreadOnly &&
    !filters.participantRole &&
    !filters.listingId &&
    !filters.searchTerm.trim()
  );
}

function withMessage(row: ConversationSummary, message: Message, me: string): ConversationSummary {
  const last = row.lastMessage;
  if (last && last.timestamp > message.createdAt) return row;
  return {
    ...row,
    updatedAt: [message.createdAt, row.updatedAt].sort().at(-1) ?? row.updatedAt,
    lastMessage: {
      id: message.id,
      content: messagePreview(message.content, CONVERSATION_PREVIEW_LENGTH),
      timestamp: message.createdAt,
      senderId: message.senderId,
      isRead: message.senderId === me || message.isRead,
    },
    unreadCount:
      message.senderId !== me && last?.id !== message.id ? row.unreadCount + 1 : row.unreadCount,
  };
}

/**
 * A new message (sent or received) into every loaded list. Lists that do not hold its
 * conversation are returned, for the caller to fetch the row (or the list) it lacks.
 */
export function applyMessageToLists(
  queryClient: QueryClient,
  message: Message,
  me: string,
): { key: ListKey; filters: ConversationListFilters }[] {
  const missing: { key: ListKey; filters: ConversationListFilters }[] = [];
  for (const [key, data] of listsOf(queryClient)) {
    if (!data) continue;
    const filters = filtersOf(key);
    if (!conversationRows(data).some((row) => row.id === message.conversationId)) {
      missing.push({ key: key as ListKey, filters });
      continue;
    }
    queryClient.setQueryData<ConversationPages>(key, (current) =>
      current
        ? rewrite(current, filters.sort, (rows) =>
            rows.map((row) =>
              row.id === message.conversationId ? withMessage(row, message, me) : row,
            ),
          )
        : current,
    );
  }
  return missing;
}

/**
 * A conversation the unfiltered lists did not hold (new, or beyond the loaded pages) put in
 * them as a row made from its header and newest message. A filtered list is fetched again: only
 * the server knows whether the conversation matches its search.
 */
export function addConversationToLists(
  queryClient: QueryClient,
  conversation: Conversation,
  message: Message,
  me: string,
  lists: { key: ListKey; filters: ConversationListFilters }[],
) {
  const unread = queryClient.getQueryData<UnreadCounts>(messagingKeys.unread(me));
  const row: ConversationSummary = withMessage(
    {
      id: conversation.id,
      otherParticipant: conversation.otherParticipant,
      listingContext: conversation.listingContext,
      lastMessage: null,
      unreadCount: 0,
      updatedAt: conversation.updatedAt,
    },
    message,
    me,
  );
  if (unread) row.unreadCount = unread.byConversation[conversation.id] ?? 0;
  for (const { key, filters } of lists) {
    if (!unfiltered(filters)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    queryClient.setQueryData<ConversationPages>(key, (current) => {
      if (!current || conversationRows(current).some((r) => r.id === row.id)) return current;
      const more = current.pages.at(-1)?.nextCursor != null;
      // Oldest first with pages to come: its place is past them.
      if (filters.sort === 'oldest' && more) return current;
      const [first, ...rest] = current.pages;
      if (!first) return current;
      const grown = { ...current, pages: [{ ...first, items: [row, ...first.items] }, ...rest] };
      return rewrite(grown, filters.sort, (rows) => rows);
    });
  }
}

/** The exact unread counts (an `unread.changed` event) into every loaded list's rows. */
export function applyUnreadCounts(queryClient: QueryClient, counts: UnreadCounts) {
  for (const [key, data] of listsOf(queryClient)) {
    if (!data) continue;
    const filters = filtersOf(key);
    const changed = conversationRows(data).some(
      (row) => row.unreadCount !== (counts.byConversation[row.id] ?? 0),
    );
    if (!changed) continue;
    queryClient.setQueryData<ConversationPages>(key, (current) =>
      current
        ? rewrite(current, filters.sort, (rows) =>
            rows.map((row) => {
              const unreadCount = counts.byConversation[row.id] ?? 0;
              if (unreadCount === row.unreadCount) return row;
              const lastMessage =
                unreadCount === 0 && row.lastMessage
                  ? { ...row.lastMessage, isRead: true }
                  : row.lastMessage;
              return { ...row, unreadCount, lastMessage };
            }),
          )
        : current,
    );
  }
}

/** The signed-in user read a conversation: no unread left in its rows. */
export function markListsRead(queryClient: QueryClient, conversationId: string) {
  for (const [key, data] of listsOf(queryClient)) {
    if (!data) continue;
    const filters = filtersOf(key);
    queryClient.setQueryData<ConversationPages>(key, (current) =>
      current
        ? rewrite(current, filters.sort, (rows) =>
            rows.map((row) =>
              row.id === conversationId
                ? {
                    ...row,
                    unreadCount: 0,
                    lastMessage: row.lastMessage ? { ...row.lastMessage, isRead: true } : null,
                  }
                : row,
            ),
          )
        : current,
    );
  }
}

/** An edited message: the rows whose last message it is show its new text. */
export function applyEditToLists(queryClient: QueryClient, message: Message) {
  for (const [key, data] of listsOf(queryClient)) {
    if (!data) continue;
    const holds = conversationRows(data).some((row) => row.lastMessage?.id === message.id);
    if (!holds) continue;
    queryClient.setQueryData<ConversationPages>(key, (current) =>
      current
        ? {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              items: page.items.map((row) =>
                row.lastMessage?.id === message.id
                  ? {
                      ...row,
                      lastMessage: {
                        ...row.lastMessage,
                        content: messagePreview(message.content, CONVERSATION_PREVIEW_LENGTH),
                      },
                    }
                  : row,
              ),
            })),
          }
        : current,
    );
  }
}

/** A dashboard's few newest conversations: one small page, asked for again. */
export function refreshLatest(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [...messagingKeys.conversations, 'latest'] });
}

/**
 * A new message into the loaded conversation lists (decision 042); a list that lacks its
 * conversation gets the row made from the conversation's header, asked for once.
 */
export function messageIntoLists(queryClient: QueryClient, message: Message, me: string) {
  refreshLatest(queryClient);
  const missing = applyMessageToLists(queryClient, message, me);
  if (missing.length === 0) return;
  void queryClient
    .fetchQuery({
      queryKey: messagingKeys.conversation(message.conversationId),
      queryFn: ({ signal }) => fetchConversation(message.conversationId, signal),
      staleTime: 60_000,
    })
    .then(
      (conversation) => addConversationToLists(queryClient, conversation, message, me, missing),
      () => {
        for (const { key } of missing) void queryClient.invalidateQueries({ queryKey: key });
      },
    );
}
