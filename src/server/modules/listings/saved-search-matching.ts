import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import type { Db } from '../../db/client.ts';
import { type ListingSearch, readSearchDocs } from './listing-search.ts';
import { queryWords, toIndexFilter } from './search.service.ts';
import { SearchIndex } from './search-index.ts';

/*
 * Saved searches against listings, for alerts (issue 16), with exactly the search index's
 * semantics: the same columns, the same filter passes, the same text analysis. The words are
 * matched as typed (no typo correction: an alert must not depend on what else is listed).
 */

export type SavedSearchQuery = { key: string; query: SearchFilters };

/** `db` may be a transaction: the listings are read as it sees them. */
type MatchCtx = { db: Pick<Db, 'execute'>; listingSearch: ListingSearch };

/** Each query's full-text terms, analysed as search analyses them. */
async function indexFilters(listingSearch: ListingSearch, queries: readonly SavedSearchQuery[]) {
  return Promise.all(
    queries.map(async ({ key, query }) => {
      const terms = await listingSearch.terms(query.q ? queryWords(query.q) : []);
      return { key, filter: toIndexFilter(query, terms) };
    }),
  );
}

/**
 * Which of the given listings each saved-search query matches: `key` → the matching listing
 * ids, in the order given (every key present, possibly with none). Only public listings
 * match; the listings are read through `ctx.db` (a transaction sees its own writes), put in a
 * small index of their own and each query run against it.
 */
export async function matchSavedSearches({
  ctx: { db, listingSearch },
  input: { listingIds, queries },
}: {
  ctx: MatchCtx;
  input: { listingIds: readonly string[]; queries: readonly SavedSearchQuery[] };
}): Promise<Map<string, string[]>> {
  const matches = new Map(queries.map(({ key }) => [key, [] as string[]]));
  const unique = [...new Set(listingIds)];
  const docs = queries.length ? await readSearchDocs(db, unique) : [];
  if (docs.length === 0) return matches;
  const index = new SearchIndex(docs.length);
  for (const doc of docs) index.add(doc);
  index.seal();
  const position = new Map(unique.map((id, i) => [id, i]));
  for (const { key, filter } of await indexFilters(listingSearch, queries)) {
    const ids = index.matchingIds(filter);
    ids.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    matches.set(key, ids);
  }
  return matches;
}

/**
 * Every public listing one saved-search query matches now, from this instance's index brought
 * up to date (the alerts baseline), in no particular order.
 */
export async function matchingListingIds({
  ctx: { listingSearch },
  input: query,
}: {
  ctx: { listingSearch: ListingSearch };
  input: SearchFilters;
}): Promise<string[]> {
  const [only] = await indexFilters(listingSearch, [{ key: '', query }]);
  const index = await listingSearch.current();
  return only ? index.matchingIds(only.filter) : [];
}
