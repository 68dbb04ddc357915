import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import type { Conversation, Message } from '../../../../shared/schemas/messaging.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useMessages } from '../api/get-messages.ts';
import { useUnreadCounts } from '../api/get-unread-count.ts';
import { markConversationRead } from '../api/mark-read.ts';
import {
  clearUnread,
  type ThreadData,
  threadMessages,
  withAllReadByMe,
} from '../api/message-cache.ts';
import { messagingKeys } from '../api/messaging-keys.ts';
import { dayKey, formatDayHeading } from '../format.ts';
import { type PendingMessage, usePendingMessages } from '../hooks/pending-messages.ts';
import { useErrorToast } from '../hooks/use-error-toast.ts';
import { usePageVisible } from '../hooks/use-page-visible.ts';
import { useSendMessage } from '../hooks/use-send-message.ts';
import { useLiveConnected } from '../live/live-status.ts';
import { Avatar, displayName } from './avatar.tsx';
import { Composer } from './composer.tsx';
import { MessageItem, PendingItem } from './message-item.tsx';

type ThreadViewProps = {
  conversationId: string;
  me: string;
  /** Where "back" goes on a phone: the list with its filters. */
  backHref: string;
  /** The listing the conversation was opened from ("Message landlord"), for the first message. */
  listingHint: string | null;
};

/** How close to the bottom (px) still counts as "reading the newest messages". */
const NEAR_BOTTOM_PX = 120;

/** /chat/{id}: the header, the messages (older ones load on scrolling up) and the composer. */
export function ThreadView({ conversationId, me, backHref, listingHint }: ThreadViewProps) {
  const conversation = useConversation(conversationId);
  useErrorToast(conversation.error);
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening a thread moves focus to its heading (keyboard and screen-reader users land in it).
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (conversation.data && focusedFor.current !== conversationId) {
      focusedFor.current = conversationId;
      heading.current?.focus({ preventScroll: true });
    }
  }, [conversation.data, conversationId]);

  const back = (
    <Link
      to={backHref}
      className="inline-flex h-10 items-center gap-1 rounded-lg pr-2 text-sm font-semibold text-brand-800 hover:bg-stone-100 md:hidden"
    >
      <span aria-hidden="true">←</span> Conversations
    </Link>
  );

  if (conversation.isPending) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="border-b border-stone-200 p-3 md:hidden">{back}</div>
        <div className="flex flex-1 items-center justify-center p-8">
          <Spinner label="Loading conversation" />
        </div>
      </div>
    );
  }
  if (conversation.isError) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="border-b border-stone-200 p-3 md:hidden">{back}</div>
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
          <h2 className="text-lg font-semibold text-stone-900">
            {errorMessage(conversation.error)}
          </h2>
          <Link to={backHref} className="font-semibold text-brand-800 underline">
            Back to your conversations
          </Link>
        </div>
      </div>
    );
  }
  return (
    <Thread
      key={conversationId}
      conversation={conversation.data}
      me={me}
      back={back}
      heading={heading}
      listingHint={listingHint}
    />
  );
}

type ThreadProps = {
  conversation: Conversation;
  me: string;
  back: ReactNode;
  heading: RefObject<HTMLHeadingElement | null>;
  listingHint: string | null;
};

function Thread({ conversation, me, back, heading, listingHint }: ThreadProps) {
  const id = conversation.id;
  const other = conversation.otherParticipant;
  const name = displayName(other.name);
  const live = useLiveConnected();
  const messages = useMessages(id, { live });
  useErrorToast(messages.error);
  const pending = usePendingMessages(id);
  const { send, retry, discard } = useSendMessage(id);
  const listingId = listingHint ?? conversation.listingId;

  const list = useMemo(() => threadMessages(messages.data), [messages.data]);
  const shownPending = useMemo(() => withoutDelivered(pending, list, me), [pending, list, me]);

  useMarkRead(id, me, list);
  const announcement = useAnnouncement(list, me, name);
  const scroller = useThreadScroll(list, shownPending.length, me, messages.isPending);

  const loadOlder = () => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    scroller.keepPosition();
    void messages.fetchNextPage();
  };

  // Scrolling near the top loads the previous page.
  const sentinel = useRef<HTMLDivElement>(null);
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;
  useEffect(() => {
    const target = sentinel.current;
    const root = scroller.ref.current;
    if (!target || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadOlderRef.current();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scroller.ref]);

  const days = useMemo(() => groupByDay(list), [list]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <title>{`${name} · Messages · Stoop`}</title>
      <header className="flex items-center gap-3 border-b border-stone-200 px-3 py-2 md:px-5 md:py-3">
        {back}
        <Avatar name={name} seed={other.id} size="sm" />
        <div className="min-w-0 flex-1">
          <h2
            ref={heading}
            tabIndex={-1}
            className="truncate font-semibold text-stone-900 outline-none"
            data-testid="thread-title"
          >
            {name}
          </h2>
          {conversation.listingContext ? (
            <p className="truncate text-xs text-stone-600">
              About{' '}
              <Link
                to={`/listings/${encodeURIComponent(conversation.listingContext.id)}`}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {conversation.listingContext.title}
              </Link>
              {conversation.listingContext.address
                ? ` · ${conversation.listingContext.address}`
                : ''}
            </p>
          ) : (
            <p className="text-xs text-stone-600">
              {other.role === 'landlord'
                ? 'Landlord'
                : other.role === 'renter'
                  ? 'Renter'
                  : 'Admin'}
            </p>
          )}
        </div>
      </header>

      <section
        ref={scroller.ref}
        onScroll={scroller.onScroll}
        aria-label={`Conversation with ${name}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-stone-50 px-3 py-4 md:px-5"
      >
        <div ref={sentinel} />
        {messages.hasNextPage ? (
          <div className="mb-4 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={loadOlder}
              pending={messages.isFetchingNextPage}
            >
              Load older messages
            </Button>
          </div>
        ) : null}
        {messages.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner label="Loading messages" />
          </div>
        ) : messages.isError && list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-8 text-center text-sm text-stone-700">
            <p>{errorMessage(messages.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => void messages.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 && shownPending.length === 0 ? (
          <p className="p-8 text-center text-sm text-stone-600">
            No messages yet. Say hello to {name}.
          </p>
        ) : null}
        {days.map((day) => (
          <div key={day.key}>
            <h3 className="my-3 flex justify-center" data-testid="day-separator">
              <span className="rounded-full bg-stone-200/90 px-3 py-0.5 text-xs font-medium text-stone-800">
                {formatDayHeading(day.first)}
              </span>
            </h3>
            <ol className="flex flex-col gap-3">
              {day.messages.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  mine={message.senderId === me}
                  senderName={name}
                />
              ))}
            </ol>
          </div>
        ))}
        {shownPending.length > 0 ? (
          <ol className="mt-3 flex flex-col gap-3" aria-label="Messages being sent">
            {shownPending.map((p) => (
              <PendingItem
                key={p.key}
                pending={p}
                onRetry={() => retry(p.key)}
                onDiscard={() => discard(p.key)}
              />
            ))}
          </ol>
        ) : null}
      </section>
      <div className="sr-only" role="status" aria-live="polite" data-testid="thread-announcer">
        {announcement}
      </div>
      <Composer onSend={(content) => send(content, listingId)} />
    </div>
  );
}

/** Groups ascending messages by New York day, for the day separators. */
function groupByDay(messages: readonly Message[]) {
  const days: Array<{ key: string; first: string; messages: Message[] }> = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = days[days.length - 1];
    if (last && last.key === key) last.messages.push(message);
    else days.push({ key, first: message.createdAt, messages: [message] });
  }
  return days;
}

/**
 * Hides a pending message whose server copy already arrived over the live stream (the POST's
 * answer, which removes it for good, may come a moment later).
 */
function withoutDelivered(
  pending: readonly PendingMessage[],
  messages: readonly Message[],
  me: string,
): readonly PendingMessage[] {
  if (pending.length === 0) return pending;
  const recentMine = messages.slice(-20).filter((m) => m.senderId === me);
  return pending.filter(
    (p) =>
      p.status === 'failed' ||
      !recentMine.some(
        (m) =>
          m.content === p.content && Date.parse(m.createdAt) >= Date.parse(p.createdAt) - 60_000,
      ),
  );
}

/**
 * Marks the thread read while it is open and the page visible, whenever messages from the other
 * person are unread (on opening, and as new ones arrive).
 */
function useMarkRead(conversationId: string, me: string, list: readonly Message[]) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const visible = usePageVisible();
  const counts = useUnreadCounts(me);
  const unreadHere = (counts?.byConversation[conversationId] ?? 0) > 0;
  const unreadInThread = list.some((m) => m.senderId !== me && !m.isRead);
  const newest = list[list.length - 1]?.id ?? null;
  const busy = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `newest` re-runs it as messages arrive.
  useEffect(() => {
    if (!visible || !(unreadInThread || unreadHere) || busy.current) return;
    busy.current = true;
    markConversationRead(conversationId)
      .then(({ readAt }) => {
        queryClient.setQueryData<ThreadData>(messagingKeys.messages(conversationId), (data) =>
          data ? withAllReadByMe(data, me, readAt ?? new Date().toISOString()) : data,
        );
        clearUnread(queryClient, me, conversationId);
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        // The counts knew of messages this thread had not loaded yet (the stream was down).
        if (!unreadInThread) {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversationId) });
        }
      })
      .catch((error: unknown) => toastRef.current.error(errorMessage(error)))
      .finally(() => {
        busy.current = false;
      });
  }, [visible, unreadInThread, unreadHere, conversationId, me, newest, queryClient]);
}

/** The text read out (aria-live) when a message from the other person arrives while open. */
function useAnnouncement(list: readonly Message[], me: string, name: string): string {
  const [text, setText] = useState('');
  const seen = useRef<string | null | undefined>(undefined);
  const newest = list[list.length - 1];
  useEffect(() => {
    const id = newest?.id ?? null;
    if (seen.current === undefined) {
      // The first load is not news.
      if (id !== null) seen.current = id;
      return;
    }
    if (id === seen.current) return;
    seen.current = id;
    if (newest && newest.senderId !== me) {
      setText(`New message from ${name}: ${newest.content}`);
    }
  }, [newest, me, name]);
  return text;
}

/**
 * Scrolling: starts at the newest message; follows new ones when the reader is at the bottom (or
 * sent it); keeps the view still when an older page is added above.
 */
function useThreadScroll(
  list: readonly Message[],
  pendingCount: number,
  me: string,
  loading: boolean,
) {
  const ref = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const oldest = list[0]?.id ?? null;
  const newest = list[list.length - 1];
  const started = useRef(false);
  const pendingBefore = useRef(pendingCount);

  const toBottom = () => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const el = ref.current;
    const kept = anchor.current;
    if (!el || !kept) return;
    anchor.current = null;
    el.scrollTop = el.scrollHeight - kept.height + kept.top;
  }, [oldest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    if (loading) return;
    if (!started.current) {
      started.current = true;
      toBottom();
      return;
    }
    const justSent = pendingCount > pendingBefore.current;
    pendingBefore.current = pendingCount;
    if (justSent || atBottom.current || newest?.senderId === me) toBottom();
  }, [newest?.id, pendingCount, loading]);

  return {
    ref,
    onScroll: () => {
      const el = ref.current;
      if (!el) return;
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    },
    keepPosition: () => {
      const el = ref.current;
      if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    },
  };
}
