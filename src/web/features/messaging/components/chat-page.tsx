import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Conversation } from '../../../../shared/schemas/messaging.ts';
import { cn } from '../../../lib/cn.ts';
import type { ConversationListFilters } from '../api/messaging-keys.ts';
import { filtersFromSearch, searchFromFilters } from '../filters-url.ts';
import { ConversationList } from './conversation-list.tsx';
import { ThreadView } from './thread-view.tsx';

type ChatPageProps = {
  me: { id: string; userType: string };
  /** The open conversation (`/chat/{id}`), or null on `/chat`. */
  conversationId: string | null;
  /** The listing a "Message landlord" came from. */
  listingHint: string | null;
  /** Actions for the open thread's header, composed by the route (e.g. reporting it). */
  threadActions?: ((conversation: Conversation) => ReactNode) | undefined;
};

/**
 * /chat and /chat/{id}. Side by side from 768 px; on a phone the list (/chat) and the thread
 * (/chat/{id}) are separate screens, the thread with a link back to the list.
 */
export function ChatPage({ me, conversationId, listingHint, threadActions }: ChatPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const search = searchFromFilters(filters);
  const onFiltersChange = useCallback(
    (next: ConversationListFilters, options?: { replace?: boolean }) => {
      setSearchParams(new URLSearchParams(searchFromFilters(next)), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );
  const hrefFor = useCallback((id: string) => `/chat/${encodeURIComponent(id)}${search}`, [search]);

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[28rem] w-full max-w-6xl flex-col max-md:bg-white md:px-6 md:py-6">
      {conversationId ? null : <title>Messages · Stoop</title>}
      {/* On a phone the thread is its own screen: its heading is the person, this one only for screen readers. */}
      <h1
        className={cn(
          'px-4 pt-4 text-xl font-bold tracking-tight text-stone-900 md:px-0 md:pt-0 md:pb-4 md:text-2xl',
          conversationId ? 'max-md:sr-only' : null,
        )}
      >
        Messages
      </h1>
      <div className="flex min-h-0 w-full flex-1 overflow-hidden bg-white md:rounded-2xl md:border md:border-stone-200 md:shadow-sm">
        <section
          aria-label="Conversations"
          className={cn(
            'min-h-0 w-full flex-col md:flex md:w-80 md:shrink-0 md:border-r md:border-stone-200 lg:w-96',
            conversationId ? 'hidden' : 'flex',
          )}
        >
          <ConversationList
            me={me}
            activeId={conversationId}
            filters={filters}
            onFiltersChange={onFiltersChange}
            hrefFor={hrefFor}
          />
        </section>
        <div
          className={cn(
            'min-h-0 min-w-0 flex-1 flex-col md:flex',
            conversationId ? 'flex' : 'hidden',
          )}
        >
          {conversationId ? (
            <ThreadView
              conversationId={conversationId}
              me={me.id}
              backHref={`/chat${search}`}
              listingHint={listingHint}
              actions={threadActions}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
              <p className="text-lg font-semibold text-stone-900">Select a conversation</p>
              <p className="text-sm text-stone-600">
                Choose a conversation on the left to read and reply.
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
