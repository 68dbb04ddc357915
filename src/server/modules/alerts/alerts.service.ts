import { and, count, eq, sql } from 'drizzle-orm';
import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import {
  type CreateSavedSearchInput,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type UpdateSavedSearchInput,
} from '../../../shared/schemas/saved-searches.ts';
import { savedSearches } from '../../db/schema/alerts.ts';
import { AppError } from '../../lib/app-error.ts';
import { transactionWithEvents } from '../events/events.service.ts';
import {
  BaselineRetry,
  lockOwnSearch,
  lockUserSearches,
  readSavedSearch,
  readSavedSearches,
  recordBaseline,
  type SavedSearchesCtx,
  sameQuery,
  savedSearchesChanged,
  withBaseline,
} from './saved-search-store.ts';

export { runDailyDigest } from './alert-digest.ts';
export { runAlertScan } from './alert-scan.ts';
export { listSavedSearchMatches } from './saved-search-matches.ts';
export type { SavedSearchesCtx } from './saved-search-store.ts';
export { unsubscribe } from './unsubscribe.ts';

/*
 * A renter's saved searches (issue 16, decision 036). Every verb is scoped to the caller: someone
 * else's saved search is "Saved search not found", exactly like an unknown one. Every change
 * publishes `saved-searches.changed` to its owner in its own transaction.
 */

/** `GET /api/saved-searches`: newest first, each with its count of new matches. */
export async function listSavedSearches({
  ctx: { db, user },
}: {
  ctx: SavedSearchesCtx;
}): Promise<{ items: SavedSearch[] }> {
  return { items: await readSavedSearches(db, user.id) };
}

/**
 * `POST /api/saved-searches`: at most SAVED_SEARCHES_MAX per renter (409 SAVED_SEARCH_LIMIT).
 * Every listing matching right now becomes the baseline: only later matches are announced.
 */
export async function createSavedSearch({
  ctx,
  input,
}: {
  ctx: SavedSearchesCtx;
  input: CreateSavedSearchInput;
}): Promise<SavedSearch> {
  const { user } = ctx;
  return withBaseline(
    ctx,
    async () => input.query,
    async (tx, baseline) => {
      await lockUserSearches(tx, user.id);
      const [mine] = await tx
        .select({ n: count() })
        .from(savedSearches)
        .where(eq(savedSearches.userId, user.id));
      if ((mine?.n ?? 0) >= SAVED_SEARCHES_MAX) throw new AppError('SAVED_SEARCH_LIMIT');
      const [row] = await tx
        .insert(savedSearches)
        .values({ userId: user.id, name: input.name, query: input.query, alerts: input.alerts })
        .returning({ id: savedSearches.id });
      if (!row || !baseline) throw new AppError('INTERNAL');
      await recordBaseline(tx, row.id, baseline);
      await savedSearchesChanged(tx, user.id);
      return readSavedSearch(tx, user.id, row.id);
    },
  );
}

/** The query a change makes the search start matching afresh (new, or resumed), else null. */
function freshQuery(
  row: Pick<typeof savedSearches.$inferSelect, 'query' | 'paused'>,
  changes: UpdateSavedSearchInput,
): SearchFilters | null {
  const queryChanged = changes.query !== undefined && !sameQuery(changes.query, row.query);
  const resumed = changes.paused === false && row.paused;
  const paused = changes.paused ?? row.paused;
  return (queryChanged || resumed) && !paused ? (changes.query ?? row.query) : null;
}

/**
 * `PATCH /api/saved-searches/{id}`: rename, change the filters or the alerts, pause or resume,
 * or mark every match seen. A new query and a resume take a new baseline; listings matched
 * before stay recorded, so an edit never announces one again.
 */
export async function updateSavedSearch({
  ctx,
  input: { id, changes },
}: {
  ctx: SavedSearchesCtx;
  input: { id: string; changes: UpdateSavedSearchInput };
}): Promise<SavedSearch> {
  const { db, user } = ctx;
  const current = async () => {
    const [row] = await db
      .select({ query: savedSearches.query, paused: savedSearches.paused })
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)));
    return row ? freshQuery(row, changes) : null;
  };
  return withBaseline(ctx, current, async (tx, baseline) => {
    const row = await lockOwnSearch(tx, user.id, id);
    const fresh = freshQuery(row, changes);
    // Changed by another request since the baseline was taken: take it again.
    if (fresh && (!baseline || !sameQuery(fresh, baseline.query))) throw new BaselineRetry();
    await tx
      .update(savedSearches)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.query === undefined ? {} : { query: changes.query }),
        ...(changes.alerts === undefined ? {} : { alerts: changes.alerts }),
        ...(changes.paused === undefined ? {} : { paused: changes.paused }),
        ...(changes.seen ? { lastSeenAt: sql`greatest(now(), ${savedSearches.lastSeenAt})` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(savedSearches.id, id));
    if (changes.alerts === 'daily' && row.alerts !== 'daily') {
      // Alerts made while this search mailed at once (or not at all) are not the digest's news.
      await tx.execute(sql`update alerts set mailed_at = now()
        where saved_search_id = ${id} and mailed_at is null`);
    }
    if (fresh && baseline) await recordBaseline(tx, id, baseline);
    await savedSearchesChanged(tx, user.id);
    return readSavedSearch(tx, user.id, id);
  });
}

/** `DELETE /api/saved-searches/{id}`: the search, its matches and its alerts (cascade). */
export async function deleteSavedSearch({
  ctx,
  input: { id },
}: {
  ctx: SavedSearchesCtx;
  input: { id: string };
}): Promise<void> {
  const { user } = ctx;
  await transactionWithEvents(ctx, async (tx) => {
    await lockOwnSearch(tx, user.id, id);
    await tx.delete(savedSearches).where(eq(savedSearches.id, id));
    await savedSearchesChanged(tx, user.id);
  });
}
