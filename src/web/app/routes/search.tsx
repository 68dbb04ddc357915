import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SearchSort } from '../../../shared/listings.ts';
import {
  boundsParam,
  filterCount,
  morePagesHref,
  polygonParam,
  type SearchQuery,
  searchBounds,
  searchParamsOf,
  searchPolygon,
  withoutFilters,
} from '../../../shared/search-url.ts';
import { AfterPaint } from '../../components/ui/after-paint.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { OptionList } from '../../components/ui/select-field.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { usePublicConfig } from '../../features/chatbot/api/get-public-config.ts';
import { useListingSearch, useListingTotal } from '../../features/listings/api/listings-api.ts';
import {
  ListingCard,
  ListingCardSkeleton,
} from '../../features/listings/components/listing-card.tsx';
import { formatInteger } from '../../features/listings/format.ts';
import { type PinFacts, SearchMapLazy } from '../../features/map/components/search-map-lazy.tsx';
import { SaveButton } from '../../features/saved-listings/components/save-button.tsx';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button.tsx';
import { CorrectedQueryNotice } from '../../features/search/components/corrected-query-notice.tsx';
import { FiltersSheet } from '../../features/search/components/filters-sheet.tsx';
import { MapAreaChip } from '../../features/search/components/map-area-chip.tsx';
import { SearchFiltersPanel } from '../../features/search/components/search-filters-panel.tsx';
import { SearchTextBox } from '../../features/search/components/search-text-box.tsx';
import { useSearchUrlSync, withExact } from '../../features/search/hooks/use-search-url-sync.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import type { FromState } from '../guards/redirect-state.ts';
import { SearchPinCard } from './search-pin-card.tsx';

/** Tailwind's `lg`: from here the filters sit beside the results; below, they open in a sheet. */
const WIDE = '(min-width: 1024px)';

const SORTS: ReadonlyArray<[SearchSort, string]> = [
  ['newest', 'Newest'],
  ['price_asc', 'Price: low to high'],
  ['price_desc', 'Price: high to low'],
];

const toggleClass = (on: boolean) =>
  cn(
    'h-9 flex-1 rounded-md px-4 text-sm font-semibold',
    on ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-700 hover:text-stone-900',
  );

/**
 * /search: the address bar holds the search (`useSearchUrlSync`: shareable, Back works, stored
 * filters restored on a bare /search). Below `lg` the filters open in a sheet.
 */
/** Cards a first page renders at once; the rest of it after those are painted (decision 066). */
const FIRST_CARDS = 6;

export function Component() {
  const { shown, queryString, exact, update, reset, hasStoredFilters } = useSearchUrlSync();
  const sortId = useId();
  const { user } = useAuth();
  const location = useLocation();

  const results = useListingSearch(queryString);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.total ?? null;
  const moreHref = morePagesHref(queryString, results.data?.pages.length ?? 1);
  // Typo correction changed the words (issue 16): say so, and offer the words as typed.
  const corrected = results.data?.pages[0]?.correctedQuery ?? null;
  const anythingSet = queryString !== '';
  // A failed first page has nothing to show; a failed "Load more" keeps what is shown.
  const failed = results.isError && items.length === 0;
  // A search the server turned down (4xx) fails the same way again; anything else may not.
  const retryable = !(
    results.error instanceof ApiError &&
    results.error.status >= 400 &&
    results.error.status < 500
  );

  // Narrow screens: the filters wait in a sheet, chosen there as a draft and applied together.
  const wide = useMediaQuery(WIDE);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<SearchQuery | null>(null);
  const sheetOpen = draft !== null && !wide;
  useEffect(() => {
    // Widened past the sheet's screens: the filters are beside the results again.
    if (wide) setDraft(null);
  }, [wide]);
  const draftString =
    draft === null
      ? null
      : withExact(searchParamsOf(draft), exact && draft.q === shown.q).toString();
  // The total for the draft: the shown search's own when they are the same, else asked for.
  const draftIsShown = draftString === queryString;
  const draftTotal = useListingTotal(sheetOpen && !draftIsShown ? draftString : null);
  const sheetTotal = draftIsShown
    ? results.isError
      ? null
      : total
    : draftTotal.isFetching
      ? null
      : (draftTotal.data ?? null);
  const sheetError = draftIsShown
    ? results.isError
      ? errorMessage(results.error)
      : null
    : draftTotal.isError && !draftTotal.isFetching
      ? errorMessage(draftTotal.error)
      : null;
  const applied = filterCount(shown);
  // Saving a search is a renter's; a visitor signs in first and comes back to this search.
  const saveSearch =
    user === null ? (
      <SaveSearchButton
        signIn={{
          to: paths.login.href(),
          state: {
            from: { pathname: location.pathname, search: location.search, hash: '' },
          } satisfies FromState,
        }}
      />
    ) : user.userType === 'renter' ? (
      <SaveSearchButton correctedQuery={corrected} />
    ) : null;

  // The map (issue 16): beside the list from `lg`, behind a List / Map toggle below. Its code
  // loads after the first paint; MapLibre GL only with MAP_STYLE_URL set.
  const [view, setView] = useState<'list' | 'map'>('list');
  const showMap = wide || view === 'map';
  const config = usePublicConfig({ enabled: showMap });
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  // One result's card; the first two load their photo first (the page's largest paint).
  const card = (listing: (typeof items)[number], index: number) => (
    <li
      key={listing.id}
      data-listing-id={listing.id}
      data-highlighted={highlightedId === listing.id ? '' : undefined}
      onMouseEnter={() => setHighlightedId(listing.id)}
      onMouseLeave={() => setHighlightedId(null)}
      onFocus={() => setHighlightedId(listing.id)}
      onBlur={() => setHighlightedId(null)}
      className={cn(
        'rounded-2xl',
        highlightedId === listing.id && 'ring-2 ring-stone-900 ring-offset-2',
      )}
    >
      <ListingCard
        listing={listing}
        headingLevel="h3"
        priority={index < 2}
        action={<SaveButton listingId={listing.id} title={listing.title} />}
      />
    </li>
  );
  const facts = useMemo(
    () =>
      new Map<string, PinFacts>(
        items.map((item) => [
          item.id,
          { bedrooms: item.bedrooms, neighborhood: item.neighborhood },
        ]),
      ),
    [items],
  );
  const map = showMap ? (
    <SearchMapLazy
      ready={config.isSuccess || config.isError}
      styleUrl={config.data?.map?.styleUrl ?? null}
      queryString={queryString}
      bounds={searchBounds(shown)}
      onSearchArea={(bounds) => update({ bounds: boundsParam(bounds) })}
      polygon={searchPolygon(shown)}
      onDrawArea={(points) => update({ polygon: polygonParam(points) })}
      highlightedId={highlightedId}
      onHighlight={setHighlightedId}
      facts={facts}
      renderCard={(pin) => (
        <SearchPinCard pin={pin} listing={items.find((item) => item.id === pin.id)} />
      )}
      className="rounded-2xl border border-stone-200"
    />
  ) : null;

  return (
    <Page title="Search apartments" width="full">
      <div className="flex flex-col gap-4 sm:gap-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            No-fee apartments for rent
          </h1>
          <div className="flex items-start gap-2 sm:gap-3">
            <div className="min-w-0 flex-1">
              <SearchTextBox value={shown.q} onSubmit={(q) => update({ q })} />
            </div>
            {saveSearch ? <div className="shrink-0">{saveSearch}</div> : null}
          </div>
          {corrected !== null && shown.q !== '' && !exact ? (
            <CorrectedQueryNotice
              corrected={corrected}
              original={shown.q}
              insteadHref={`${paths.search.href()}?${withExact(new URLSearchParams(queryString), true)}`}
            />
          ) : null}
        </div>
        <div className="grid gap-6 lg:grid-cols-[260px_minmax(0,1fr)_minmax(0,1fr)]">
          {wide ? (
            <aside>
              <SearchFiltersPanel
                query={shown}
                onChange={update}
                onReset={reset}
                hasFilters={anythingSet || hasStoredFilters}
              />
            </aside>
          ) : null}
          <section aria-labelledby="results-heading" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2
                id="results-heading"
                className="text-lg font-semibold text-stone-900"
                aria-live="polite"
              >
                {failed
                  ? 'Search failed'
                  : total === null
                    ? 'Searching…'
                    : `${formatInteger(total)} ${total === 1 ? 'apartment' : 'apartments'}`}
              </h2>
              <div className="flex flex-wrap items-center gap-2">
                {wide ? null : (
                  <button
                    ref={filtersButton}
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={applied > 0 ? `Filters, ${applied} applied` : undefined}
                    onClick={() => setDraft(shown)}
                    className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50"
                  >
                    Filters
                    {applied > 0 ? (
                      <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
                        {applied}
                      </span>
                    ) : null}
                  </button>
                )}
                <label htmlFor={sortId} className="text-sm font-medium text-stone-800">
                  Sort by
                </label>
                <select
                  id={sortId}
                  value={shown.sort}
                  onChange={(event) => update({ sort: event.target.value as SearchSort })}
                  className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm"
                >
                  <OptionList options={SORTS} />
                </select>
              </div>
            </div>
            {shown.bounds !== '' || shown.polygon !== '' ? (
              <div className="flex flex-wrap gap-2">
                {shown.bounds !== '' ? (
                  <MapAreaChip onRemove={() => update({ bounds: '' })} />
                ) : null}
                {shown.polygon !== '' ? (
                  <MapAreaChip label="Drawn area" onRemove={() => update({ polygon: '' })} />
                ) : null}
              </div>
            ) : null}
            {wide ? null : (
              // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form field
              <div
                role="group"
                aria-label="Show results as"
                className="flex rounded-lg bg-stone-100 p-1 sm:max-w-xs"
              >
                <button
                  type="button"
                  aria-pressed={view === 'list'}
                  onClick={() => setView('list')}
                  className={toggleClass(view === 'list')}
                >
                  List
                </button>
                <button
                  type="button"
                  aria-pressed={view === 'map'}
                  onClick={() => setView('map')}
                  className={toggleClass(view === 'map')}
                >
                  Map
                </button>
              </div>
            )}
            {!wide && view === 'map' ? (
              <div className="h-[70vh] min-h-80">{map}</div>
            ) : failed ? (
              <div className="flex flex-col items-start gap-3">
                <Alert>{errorMessage(results.error)}</Alert>
                <div className="flex flex-wrap gap-3">
                  {retryable ? (
                    <Button onClick={() => void results.refetch()}>Try again</Button>
                  ) : null}
                  {anythingSet ? (
                    <Button variant="secondary" onClick={reset}>
                      Clear all filters
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : results.isPending ? (
              <ul
                className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2"
                aria-busy="true"
              >
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
                {saveSearch ? (
                  <p className="mt-2">
                    Or save this search: we will tell you when a matching apartment is listed.
                  </p>
                ) : null}
              </EmptyState>
            ) : (
              <>
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
                  {items.slice(0, FIRST_CARDS).map(card)}
                  {/* The rest of a first page, below the fold on every layout, after it paints. */}
                  <AfterPaint inServerMarkup>
                    {items.slice(FIRST_CARDS).map((listing, i) => card(listing, FIRST_CARDS + i))}
                  </AfterPaint>
                </ul>
                {results.isFetchNextPageError ? <Alert>{errorMessage(results.error)}</Alert> : null}
                {results.hasNextPage ? (
                  <div className="flex justify-center">
                    {moreHref && !results.isFetchingNextPage ? (
                      // A link to the same search with a page more, which the server renders
                      // for a page without scripts; here the next page loads in place.
                      <a
                        href={moreHref}
                        className={buttonClass('secondary')}
                        onClick={(event) => {
                          event.preventDefault();
                          void results.fetchNextPage();
                        }}
                      >
                        Load more
                      </a>
                    ) : (
                      <Button
                        variant="secondary"
                        pending={results.isFetchingNextPage}
                        onClick={() => void results.fetchNextPage()}
                      >
                        Load more
                      </Button>
                    )}
                  </div>
                ) : null}
              </>
            )}
          </section>
          {wide ? (
            <div className="sticky top-20 h-[calc(100vh-6rem)] min-h-96 self-start">{map}</div>
          ) : null}
        </div>
      </div>
      {sheetOpen ? (
        <FiltersSheet
          draft={draft}
          onChange={(patch) => setDraft({ ...draft, ...patch })}
          onReset={() => setDraft(withoutFilters(draft))}
          onApply={() => {
            setDraft(null);
            if (!draftIsShown) update(draft);
          }}
          onClose={() => setDraft(null)}
          total={sheetTotal}
          error={sheetError}
          returnFocusRef={filtersButton}
        />
      ) : null}
    </Page>
  );
}
