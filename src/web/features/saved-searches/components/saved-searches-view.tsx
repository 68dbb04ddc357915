import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SAVED_SEARCHES_MAX } from '../../../../shared/saved-searches.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageStatus } from '../../../components/ui/full-page-status.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { digestHour } from '../alerts-text.ts';
import { useSavedSearches } from '../api/get-saved-searches.ts';
import { SavedSearchCard } from './saved-search-card.tsx';
import type { RenderListing } from './saved-search-matches.tsx';

type SavedSearchesViewProps = {
  searchHref: string;
  /** A match's card (the listings feature's), composed by the page. */
  renderListing: RenderListing;
};

/** /saved-searches: the renter's saved searches, newest first, or what they are for. */
export function SavedSearchesView({ searchHref, renderListing }: SavedSearchesViewProps) {
  const saved = useSavedSearches();
  // A deleted search takes its card (and the focused button) away: focus lands here instead.
  const top = useRef<HTMLDivElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    // After the commit that removed the card and its dialog.
    if (refocus > 0) top.current?.focus();
  }, [refocus]);
  const onDeleted = () => setRefocus((n) => n + 1);
  if (saved.isPending) return <FullPageStatus message="Loading saved searches..." />;
  if (saved.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{errorMessage(saved.error)}</Alert>
        <Button variant="secondary" onClick={() => void saved.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div ref={top} tabIndex={-1} className="outline-none">
      {saved.data.length === 0 ? (
        <EmptyState
          title="No saved searches yet"
          action={
            <Link to={searchHref} className={buttonClass('primary')}>
              Start a search
            </Link>
          }
        >
          <p>
            Search for apartments, then choose <strong>Save search</strong>. We will tell you when a
            new listing matches: right away by email and here on Stoop, or in one daily email at{' '}
            {digestHour} New York time. Every email has a one-click unsubscribe link.
          </p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-stone-600">
            {saved.data.length} of {SAVED_SEARCHES_MAX} saved searches
          </p>
          <ul className="flex flex-col gap-4">
            {saved.data.map((search) => (
              <li key={search.id}>
                <SavedSearchCard
                  search={search}
                  renderListing={renderListing}
                  onDeleted={onDeleted}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
