import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CONVERSATION_SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import type { ListingContext } from '../../../../shared/schemas/messaging.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { conversationRows } from '../api/conversation-list-cache.ts';
import { useConversationListings } from '../api/get-conversation-listings.ts';
import { useConversationPages } from '../api/get-conversations.ts';
import { useUnreadCounts } from '../api/get-unread-count.ts';
import { type ConversationListFilters, DEFAULT_FILTERS } from '../api/messaging-keys.ts';
import { hasFilters } from '../filters-url.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useErrorToast } from '../hooks/use-error-toast.ts';
import { useLoadMoreOnScroll } from '../hooks/use-load-more.ts';
import { ConversationFilters } from './conversation-filters.tsx';
import { ConversationItem } from './conversation-item.tsx';
import { ConversationSearch } from './conversation-search.tsx';

const NO_LISTINGS: ListingContext[] = [];

type ConversationListProps = {
  me: { id: string; userType: string };
  activeId: string | null;
  filters: ConversationListFilters;
  onFiltersChange: (filters: ConversationListFilters, options?: { replace?: boolean }) => void;
  /** Where the thread links go: `/chat/{id}` plus the list's query string. */
  hrefFor: (conversationId: string) => string;
};

/** The left pane of /chat: search with suggestions, filters, sorts and the conversations. */
export function ConversationList({
  me,
  activeId,
  filters,
  onFiltersChange,
  hrefFor,
}: ConversationListProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filters.searchTerm);
  const term = useDebouncedValue(draft, CONVERSATION_SEARCH_DEBOUNCE_MS);

  // The debounced text becomes the filter (docs/spec.md §4: typing is debounced, 300 ms) ...
  const written = useRef(filters.searchTerm);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled term writes the filter.
  useEffect(() => {
    if (term.trim() === filters.searchTerm.trim()) return;
    written.current = term;
    onFiltersChange({ ...filters, searchTerm: term }, { replace: true });
  }, [term]);
  // ... and an address changed from outside (Back) puts its term into the box.
  useEffect(() => {
    if (filters.searchTerm === written.current) return;
    written.current = filters.searchTerm;
    setDraft(filters.searchTerm);
  }, [filters.searchTerm]);

  const list = useConversationPages(filters);
  useErrorToast(list.error);
  const filtered = hasFilters(filters);
  // The listing filter offers every listing the user talks about, whatever is filtered now.
  const listings: ListingContext[] = useConversationListings().data ?? NO_LISTINGS;
  const counts = useUnreadCounts(me.id);

  const items = useMemo(() => conversationRows(list.data), [list.data]);
  const sentinel = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useLoadMoreOnScroll(sentinel, list);
  // After "Load more", focus goes to the first conversation it brought (keyboard users).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || items.length <= index) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]')[index]?.focus();
  }, [items.length]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-stone-200 p-4">
        <ConversationSearch
          value={draft}
          onChange={setDraft}
          term={term}
          onPick={(suggestion) => navigate(hrefFor(suggestion.conversationId))}
        />
        <ConversationFilters filters={filters} onChange={onFiltersChange} listings={listings} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner label="Loading conversations" />
          </div>
        ) : list.isError && items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 p-4 text-sm text-stone-700">
            <p>{errorMessage(list.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 p-4 text-sm text-stone-700">
            {filtered ? (
              <>
                <p className="font-semibold text-stone-900">No conversations match.</p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setDraft('');
                    onFiltersChange({ ...DEFAULT_FILTERS, sort: filters.sort });
                  }}
                >
                  Clear filters
                </Button>
              </>
            ) : (
              <>
                <p className="font-semibold text-stone-900">No conversations yet.</p>
                {me.userType === 'landlord' ? (
                  <p>When a renter messages you about a listing, the conversation shows up here.</p>
                ) : (
                  <>
                    <p>Find an apartment you like and message its landlord.</p>
                    <Link to="/search" className={buttonClass('secondary', 'sm')}>
                      Browse apartments
                    </Link>
                  </>
                )}
              </>
            )}
          </div>
        ) : (
          <>
            <ul ref={listRef} aria-label="Conversations" aria-busy={list.isFetching || undefined}>
              {items.map((conversation) => (
                <ConversationItem
                  key={conversation.id}
                  conversation={conversation}
                  me={me.id}
                  href={hrefFor(conversation.id)}
                  active={conversation.id === activeId}
                  unread={
                    counts
                      ? (counts.byConversation[conversation.id] ?? 0)
                      : conversation.unreadCount
                  }
                />
              ))}
            </ul>
            {list.hasNextPage ? (
              <div ref={sentinel} className="flex justify-center p-4">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={list.isFetchingNextPage}
                  onClick={() => {
                    focusFrom.current = items.length;
                    void list.fetchNextPage();
                  }}
                >
                  {list.isFetchingNextPage ? 'Loading more…' : 'Load more conversations'}
                </Button>
              </div>
            ) : null}
            {list.isFetchNextPageError ? (
              <p role="alert" className="px-4 pb-4 text-sm text-red-700">
                {errorMessage(list.error)}
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
