import { Link } from 'react-router';
import type { ConversationSummary } from '../../../../shared/schemas/messaging.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatListTime } from '../format.ts';
import { Avatar, displayName } from './avatar.tsx';

const ROLE_LABELS = { landlord: 'Landlord', renter: 'Renter', admin: 'Admin' } as const;

type ConversationItemProps = {
  conversation: ConversationSummary;
  me: string;
  href: string;
  active: boolean;
  /** Live from the unread counts; the summary's own number otherwise. */
  unread: number;
};

/** One row of the list: who, about which listing, the last message, when, and how many unread. */
export function ConversationItem({
  conversation,
  me,
  href,
  active,
  unread,
}: ConversationItemProps) {
  const { otherParticipant: other, lastMessage, listingContext } = conversation;
  const name = displayName(other.name);
  const when = lastMessage?.timestamp ?? conversation.updatedAt;
  return (
    <li>
      <Link
        to={href}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation-item"
        className={cn(
          'flex gap-3 border-b border-stone-100 px-4 py-3 transition-colors',
          active ? 'bg-brand-50' : 'hover:bg-stone-50',
        )}
      >
        <Avatar name={name} seed={other.id} deleted={other.deleted} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className="flex min-w-0 items-baseline gap-2">
              <span
                className={cn(
                  'truncate text-stone-900',
                  unread > 0 ? 'font-bold' : 'font-semibold',
                )}
              >
                {name}
              </span>
              <span className="shrink-0 text-xs text-stone-600">{ROLE_LABELS[other.role]}</span>
            </span>
            <time
              dateTime={when}
              title={formatDateTime(when)}
              className="shrink-0 text-xs text-stone-600"
            >
              {formatListTime(when)}
            </time>
          </span>
          {listingContext ? (
            <span className="truncate text-xs text-brand-800" data-testid="listing-context">
              {listingContext.title}
              {listingContext.address ? ` · ${listingContext.address}` : ''}
            </span>
          ) : null}
          <span className="flex items-center justify-between gap-2">
            <span
              className={cn(
                'truncate text-sm',
                unread > 0 ? 'font-medium text-stone-900' : 'text-stone-600',
              )}
            >
              {lastMessage ? (
                <>
                  {lastMessage.senderId === me ? 'You: ' : ''}
                  {lastMessage.content}
                </>
              ) : (
                'No messages yet'
              )}
            </span>
            {unread > 0 ? (
              <span
                className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white"
                data-testid="conversation-unread"
              >
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
