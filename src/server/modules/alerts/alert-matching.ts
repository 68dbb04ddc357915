import { SEARCH_MAX_PAGE_SIZE } from '../../../shared/listings.ts';
import type { SearchFilters } from '../../../shared/schemas/listings.ts';
import { searchListings } from '../listings/listings.service.ts';

/*
 * Which listings a saved search matches, with exactly the search index's semantics (the page a
 * renter sees for the same filters): the words as typed (no typo correction), every filter,
 * bounds and polygon. Only active listings ever match.
 */

export type MatchCtx = Parameters<typeof searchListings>[0]['ctx'];

export type SearchToMatch = { id: string; query: SearchFilters };

/** Every listing the filters match right now (the baseline of a saved search). */
export async function matchingListingIds(ctx: MatchCtx, query: SearchFilters): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await searchListings({
      ctx,
      input: {
        ...query,
        sort: query.sort ?? 'newest',
        exact: true,
        limit: SEARCH_MAX_PAGE_SIZE,
        cursor,
      },
    });
    for (const item of page.items) ids.push(item.id);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** For each search, which of `listingIds` it matches now (searches matching none are left out). */
export async function matchSearches(
  ctx: MatchCtx,
  listingIds: readonly string[],
  searches: readonly SearchToMatch[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (listingIds.length === 0) return out;
  const wanted = new Set(listingIds);
  for (const search of searches) {
    const ids = (await matchingListingIds(ctx, search.query)).filter((id) => wanted.has(id));
    if (ids.length > 0) out.set(search.id, ids);
  }
  return out;
}
