import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import {
  matchingListingIds as indexMatches,
  matchSavedSearches,
} from '../listings/listings.service.ts';

/*
 * Which listings a saved search matches, with exactly the search index's semantics (the listings
 * module's matchers, decision 035): the words as typed (no typo correction), every filter,
 * bounds and polygon. Only active listings ever match.
 */

export type MatchCtx = Parameters<typeof matchSavedSearches>[0]['ctx'];

export type SearchToMatch = { id: string; query: SearchFilters };

/** Every listing the filters match right now (the baseline of a saved search). */
export function matchingListingIds(ctx: MatchCtx, query: SearchFilters): Promise<string[]> {
  return indexMatches({ ctx, input: query });
}

/**
 * For each search, which of `listingIds` it matches (searches matching none are left out). The
 * listings are read through `ctx.db`, so the scan passes its transaction.
 */
export async function matchSearches(
  ctx: MatchCtx,
  listingIds: readonly string[],
  searches: readonly SearchToMatch[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (listingIds.length === 0 || searches.length === 0) return out;
  const matched = await matchSavedSearches({
    ctx,
    input: { listingIds, queries: searches.map(({ id, query }) => ({ key: id, query })) },
  });
  for (const [id, ids] of matched) if (ids.length > 0) out.set(id, ids);
  return out;
}
