import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '../../../../shared/schemas/messaging.ts';
import { Avatar } from './avatar.tsx';

type ThreadHeaderProps = {
  conversation: Conversation;
  /** The other person's display name. */
  name: string;
  /** The phone's "back to the list" link. */
  back: ReactNode;
  /** Focused when the thread opens. */
  heading: RefObject<HTMLHeadingElement | null>;
  /** Actions composed by the page (e.g. "Report conversation"), at the header's end. */
  actions?: ReactNode;
};

/** A thread's header: who it is with, and the listing it is about (or their role). */
export function ThreadHeader({ conversation, name, back, heading, actions }: ThreadHeaderProps) {
  const other = conversation.otherParticipant;
  return (
    <header className="flex items-center gap-3 border-b border-stone-200 px-3 py-2 md:px-5 md:py-3">
      {back}
      <Avatar name={name} seed={other.id} size="sm" deleted={other.deleted} />
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
            {conversation.listingContext.address ? ` · ${conversation.listingContext.address}` : ''}
          </p>
        ) : (
          <p className="text-xs text-stone-600">
            {other.role === 'landlord' ? 'Landlord' : other.role === 'renter' ? 'Renter' : 'Admin'}
          </p>
        )}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
    </header>
  );
}
