import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchSort } from '../../../shared/listings.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useListingSearch } from '../../features/listings/api/listings-api.ts';
import {
  ListingCard,
  ListingCardSkeleton,
} from '../../features/listings/components/listing-card.tsx';
import { formatInteger } from '../../features/listings/format.ts';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { SearchFiltersPanel } from '../../features/search/components/search-filters-panel.tsx';
import { useSearchFilters } from '../../features/search/components/search-filters-provider.tsx';
import { SearchTextBox } from '../../features/search/components/search-text-box.tsx';
import {
  filtersOf,
  hasSearchParams,
  parseSearchParams,
  type SearchQuery,
  searchParamsOf,
} from '../../features/search/search-url.ts';
import { errorMessage } from '../../lib/api-client.ts';

const SORTS: ReadonlyArray<[SearchSort, string]> = [
  ['newest', 'Newest'],
  ['price_asc', 'Price: low to high'],
  ['price_desc', 'Price: high to low'],
];

/**
 * /search: the address bar holds the search (shareable, Back works); the filters provider
 * mirrors the spec's filters into local storage, and restores them when /search is opened bare.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const { filters, setFilters, resetFilters, hasFilters } = useSearchFilters();
  const sortId = useId();
  // Opened without filters in the address but with stored ones: show the stored search.
  const [restoring, setRestoring] = useState(() => !hasSearchParams(params) && hasFilters);
  const address = params.toString();
  const urlQuery = parseSearchParams(params);
  const query: SearchQuery = restoring ? { ...urlQuery, ...filters } : urlQuery;
  const queryString = searchParamsOf(query).toString();
  // Router navigations run in a transition: until the new address commits, the controls show
  // the change they just made (else a checkbox would flick back for a moment).
  const [pending, setPending] = useState<{ from: string; query: SearchQuery } | null>(null);
  const shown = pending !== null && pending.from === params.toString() ? pending.query : query;
  useEffect(() => {
    // Any committed address (the change, Back, a link) ends the pending state.
    setPending((current) => (current !== null && current.from !== address ? null : current));
  }, [address]);

  const asked = useRef(false);
  useEffect(() => {
    if (restoring) {
      // Put the stored search in the address once; stop restoring when it is there.
      if (hasSearchParams(new URLSearchParams(address))) setRestoring(false);
      else if (!asked.current) {
        asked.current = true;
        setParams(new URLSearchParams(queryString), { replace: true, preventScrollReset: true });
      }
      return;
    }
    setFilters(filtersOf(parseSearchParams(new URLSearchParams(queryString))));
  }, [address, queryString, restoring, setParams, setFilters]);

  const update = (patch: Partial<SearchQuery>) => {
    const next = { ...shown, ...patch };
    setPending({ from: params.toString(), query: next });
    setParams(searchParamsOf(next), { preventScrollReset: true });
  };
  const reset = () => {
    resetFilters();
    setPending({ from: params.toString(), query: parseSearchParams(new URLSearchParams()) });
    setParams(new URLSearchParams(), { preventScrollReset: true });
  };

  const results = useListingSearch(queryString);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.total ?? null;
  const anythingSet = queryString !== '';

  return (
    <Page title="Search apartments" width="wide">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900">
            No-fee apartments for rent
          </h1>
          <SearchTextBox value={shown.q} onSubmit={(q) => update({ q })} />
        </div>
        <div className="grid gap-6 lg:grid-cols-[300px_1fr]">
          <aside>
            <SearchFiltersPanel
              query={shown}
              onChange={update}
              onReset={reset}
              hasFilters={anythingSet || hasFilters}
            />
          </aside>
          <section aria-labelledby="results-heading" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2
                id="results-heading"
                className="text-lg font-semibold text-stone-900"
                aria-live="polite"
              >
                {total === null
                  ? 'Searching…'
                  : `${formatInteger(total)} ${total === 1 ? 'apartment' : 'apartments'}`}
              </h2>
              <div className="flex items-center gap-2">
                <label htmlFor={sortId} className="text-sm font-medium text-stone-800">
                  Sort by
                </label>
                <select
                  id={sortId}
                  value={shown.sort}
                  onChange={(event) => update({ sort: event.target.value as SearchSort })}
                  className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm"
                >
                  {SORTS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {results.isError ? (
              <Alert>{errorMessage(results.error)}</Alert>
            ) : results.isPending ? (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
                {Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <li key={i}>
                    <ListingCardSkeleton />
                  </li>
                ))}
              </ul>
            ) : items.length === 0 ? (
              <EmptyState
                title="No apartments match"
                action={
                  anythingSet ? (
                    <Button variant="secondary" onClick={reset}>
                      Clear all filters
                    </Button>
                  ) : undefined
                }
              >
                <p>Try a wider price range, fewer bedrooms or amenities, or more neighborhoods.</p>
              </EmptyState>
            ) : (
              <>
                <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {items.map((listing, index) => (
                    <li key={listing.id}>
                      <ListingCard
                        listing={listing}
                        headingLevel="h3"
                        priority={index < 2}
                        action={<SaveButton listingId={listing.id} title={listing.title} />}
                      />
                    </li>
                  ))}
                </ul>
                {results.hasNextPage ? (
                  <div className="flex justify-center">
                    <Button
                      variant="secondary"
                      pending={results.isFetchingNextPage}
                      onClick={() => void results.fetchNextPage()}
                    >
                      Load more
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
        </div>
      </div>
    </Page>
  );
}
