import { type ReactNode, useEffect, useRef } from 'react';
import type { ListingSummary } from '../../../../shared/schemas/listing-responses.ts';
import type { SavedSearch } from '../../../../shared/schemas/saved-searches.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSavedSearchMatches } from '../api/get-saved-search-matches.ts';
import { useUpdateSavedSearch } from '../api/update-saved-search.ts';

export type RenderListing = (listing: ListingSummary, note: ReactNode) => ReactNode;

type SavedSearchMatchesProps = {
  search: SavedSearch;
  renderListing: RenderListing;
};

/**
 * A saved search's announced matches, newest first. Looking at them marks them seen (the new
 * count goes to 0); the ones that were new keep their badge while the list is open.
 */
export function SavedSearchMatches({ search, renderListing }: SavedSearchMatchesProps) {
  const matches = useSavedSearchMatches(search.id);
  const update = useUpdateSavedSearch();
  const marked = useRef(false);
  const loaded = matches.isSuccess;
  useEffect(() => {
    if (!loaded || marked.current || search.newMatches === 0) return;
    marked.current = true;
    update.mutate({ id: search.id, patch: { seen: true } });
  }, [loaded, search.id, search.newMatches, update]);

  if (matches.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner size="md" label="Loading matches" />
      </div>
    );
  }
  if (matches.isError && matches.data === undefined) {
    return <Alert>{errorMessage(matches.error)}</Alert>;
  }
  const items = matches.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) {
    return (
      <p className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
        No matches announced yet. New listings that match this search will show up here
        {search.alerts === 'off' ? '.' : ', and we will email you about them.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold text-stone-900">Matches, newest first</h3>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((match) => (
          <li key={match.listing.id}>
            {renderListing(
              match.listing,
              <p className="mt-1 flex flex-wrap gap-1.5 text-xs font-semibold">
                {match.isNew ? (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-white">New</span>
                ) : null}
                {match.kind === 'price_drop' && match.previousRentCents !== null ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900">
                    Price drop from {formatMoney(match.previousRentCents)}
                  </span>
                ) : null}
              </p>,
            )}
          </li>
        ))}
      </ul>
      {matches.isFetchNextPageError ? <Alert>{errorMessage(matches.error)}</Alert> : null}
      {matches.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            pending={matches.isFetchingNextPage}
            onClick={() => void matches.fetchNextPage()}
          >
            More matches
          </Button>
        </div>
      ) : null}
    </div>
  );
}
