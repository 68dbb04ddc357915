import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  EXACT_PARAM,
  filtersOf,
  hasSearchParams,
  parseSearchParams,
  queryOfFilters,
  type SearchQuery,
  searchParamsOf,
  withExact,
} from '../../../../shared/search-url.ts';
import { useSearchFilters } from '../components/search-filters-provider.tsx';

export { EXACT_PARAM, withExact };

/**
 * The search held in the address bar (shareable, Back works), mirrored into the filters
 * provider and so into local storage; a bare /search restores the stored filters and sort.
 *
 * `shown` is what the controls display (the change just made, until the router commits it),
 * `queryString` the committed search to fetch, `update` and `reset` change it.
 */
export function useSearchUrlSync() {
  const [params, setParams] = useSearchParams();
  const { filters, setFilters, resetFilters, hasFilters } = useSearchFilters();
  // Opened without filters in the address but with stored ones: show the stored search.
  const [restoring, setRestoring] = useState(() => !hasSearchParams(params) && hasFilters);
  const address = params.toString();
  const urlQuery = parseSearchParams(params);
  // The address wins; only a bare /search takes the stored filters, all of them and the sort.
  const query: SearchQuery = restoring ? queryOfFilters(filters) : urlQuery;
  // `exact=1` (issue 16, "Search instead for …"): the words as typed, kept while the text stays.
  const exact = !restoring && urlQuery.q !== '' && params.get(EXACT_PARAM) === '1';
  const queryString = withExact(searchParamsOf(query), exact).toString();
  // Router navigations run in a transition: until the new address commits, the controls show
  // the change they just made (else a checkbox would flick back for a moment).
  const [pending, setPending] = useState<{ from: string; query: SearchQuery } | null>(null);
  const shown = pending !== null && pending.from === address ? pending.query : query;
  useEffect(() => {
    // Any committed address (the change, Back, a link) ends the pending state.
    setPending((current) => (current !== null && current.from !== address ? null : current));
  }, [address]);
  useEffect(() => {
    // Back or Forward before the change committed returns to the same address: end it too, or
    // the controls keep showing the change that was undone.
    const undo = () => setPending(null);
    window.addEventListener('popstate', undo);
    return () => window.removeEventListener('popstate', undo);
  }, []);

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
    setPending({ from: address, query: next });
    setParams(withExact(searchParamsOf(next), exact && next.q === shown.q), {
      preventScrollReset: true,
    });
  };
  const reset = () => {
    resetFilters();
    setPending({ from: address, query: parseSearchParams(new URLSearchParams()) });
    setParams(new URLSearchParams(), { preventScrollReset: true });
  };

  return { shown, queryString, exact, update, reset, hasStoredFilters: hasFilters };
}
