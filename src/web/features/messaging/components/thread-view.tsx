import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { Conversation, Message } from '../../../../shared/schemas/messaging.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLiveConnected } from '../../../lib/live/live-status.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useMessages } from '../api/get-messages.ts';
import { threadMessages } from '../api/message-cache.ts';
import { dayKey, formatDayHeading } from '../format.ts';
import { usePendingMessages } from '../hooks/pending-messages.ts';
import { useAnnouncement } from '../hooks/use-announcement.ts';
import { useErrorToast } from '../hooks/use-error-toast.ts';
import { useMarkRead } from '../hooks/use-mark-read.ts';
import { useSendMessage } from '../hooks/use-send-message.ts';
import { useNearTop, useThreadScroll } from '../hooks/use-thread-scroll.ts';
import { displayName } from './avatar.tsx';
import { Composer } from './composer.tsx';
import { MessageItem, PendingItem } from './message-item.tsx';
import { ThreadHeader } from './thread-header.tsx';

type ThreadViewProps = {
  conversationId: string;
  me: string;
  /** Where "back" goes on a phone: the list with its filters. */
  backHref: string;
  /** The listing the conversation was opened from ("Message landlord"), for the first message. */
  listingHint: string | null;
  /** Header actions the page composes for an open conversation (e.g. reporting it). */
  actions?: ((conversation: Conversation) => ReactNode) | undefined;
};

/** /chat/{id}: the header, the messages (older ones load on scrolling up) and the composer. */
export function ThreadView({
  conversationId,
  me,
  backHref,
  listingHint,
  actions,
}: ThreadViewProps) {
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
      actions={actions?.(conversation.data)}
    />
  );
}

type ThreadProps = {
  conversation: Conversation;
  me: string;
  back: ReactNode;
  heading: RefObject<HTMLHeadingElement | null>;
  listingHint: string | null;
  actions: ReactNode;
};

function Thread({ conversation, me, back, heading, listingHint, actions }: ThreadProps) {
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

  useMarkRead(id, me, list);
  const announcement = useAnnouncement(list, me, name);
  const scroller = useThreadScroll(list, pending.length, me, messages.isPending);

  const loadOlder = () => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    scroller.keepPosition();
    void messages.fetchNextPage();
  };

  const sentinel = useNearTop(scroller.ref, loadOlder);

  const days = useMemo(() => groupByDay(list), [list]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <title>{`${name} · Messages · Stoop`}</title>
      <ThreadHeader
        conversation={conversation}
        name={name}
        back={back}
        heading={heading}
        actions={actions}
      />

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
        ) : list.length === 0 && pending.length === 0 ? (
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
        {pending.length > 0 ? (
          <ol className="mt-3 flex flex-col gap-3" aria-label="Messages being sent">
            {pending.map((p) => (
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
      {other.deleted ? (
        // Decision 039: the thread stays readable; nobody can reply to a deleted account.
        <p
          className="border-t border-stone-200 bg-white px-4 py-3 text-center text-sm text-stone-700"
          data-testid="thread-closed"
        >
          This account was deleted. You can still read this conversation, but you can’t reply.
        </p>
      ) : (
        <Composer onSend={(content) => send(content, listingId)} />
      )}
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
