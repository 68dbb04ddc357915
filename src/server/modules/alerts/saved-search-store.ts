import { and, desc, eq, sql } from 'drizzle-orm';
import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import type { SavedSearch, SavedSearchAlerts } from '../../../shared/schemas/saved-searches.ts';
import type { Db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema/alerts.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  type EventBus,
  type EventsTransaction,
  publishEvents,
  transactionWithEvents,
} from '../events/events.service.ts';
import { type MatchCtx, matchingListingIds } from './alert-matching.ts';

/* What the saved-search verbs share: reading, locking, the baseline, the change event. */

export type SavedSearchesCtx = UserCtx<{ events: EventBus; storage: MediaStorage }> & MatchCtx;

type Reader = Pick<Db, 'select'>;

export const notFound = () => new AppError('SAVED_SEARCH_NOT_FOUND');

/** Announced matches after the renter last looked: listings still up, one per listing. */
const newMatches = sql<number>`(select count(distinct a.listing_id)::int
  from alerts a join listings l on l.id = a.listing_id
  where a.saved_search_id = "saved_searches"."id"
    and a.kind in ('new_match', 'price_drop')
    and a.created_at > "saved_searches"."last_seen_at"
    and l.status = 'active')`;

const COLUMNS = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  alerts: savedSearches.alerts,
  paused: savedSearches.paused,
  lastSeenAt: savedSearches.lastSeenAt,
  createdAt: savedSearches.createdAt,
  updatedAt: savedSearches.updatedAt,
  newMatches,
};

type Row = {
  [K in keyof typeof COLUMNS]: K extends 'newMatches'
    ? number
    : (typeof savedSearches.$inferSelect)[Exclude<K, 'newMatches'>];
};

function toSavedSearch(row: Row): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alerts: row.alerts as SavedSearchAlerts,
    paused: row.paused,
    newMatches: Number(row.newMatches),
    lastSeenAt: row.lastSeenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's saved searches, newest first (one with `id`). */
export async function readSavedSearches(
  db: Reader,
  userId: string,
  id?: string,
): Promise<SavedSearch[]> {
  const rows = await db
    .select(COLUMNS)
    .from(savedSearches)
    .where(
      id
        ? and(eq(savedSearches.userId, userId), eq(savedSearches.id, id))
        : eq(savedSearches.userId, userId),
    )
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

export async function readSavedSearch(db: Reader, userId: string, id: string) {
  const [search] = await readSavedSearches(db, userId, id);
  if (!search) throw notFound();
  return search;
}

/** The caller's saved search locked for this transaction, or "Saved search not found". */
export async function lockOwnSearch(tx: EventsTransaction, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Serializes one user's creations, so the limit holds under concurrent requests. */
export async function lockUserSearches(tx: EventsTransaction, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`saved-searches:${userId}`}, 0))`,
  );
}

/** Tells the renter's other tabs and devices to refetch (decision 024). */
export function savedSearchesChanged(tx: EventsTransaction, userId: string) {
  return publishEvents(tx, [{ userId, type: 'saved-searches.changed', data: {} }]);
}

/** What a change must record as its baseline: the query and the listings it matched. */
export type Baseline = { query: SearchFilters; ids: string[] } | null;

/** Thrown inside the transaction to run the whole change again with a fresh baseline. */
export class BaselineRetry extends Error {}

const BASELINE_ATTEMPTS = 20;

/**
 * Runs a change that may record a baseline (decision 036). The baseline (every listing the query
 * matches now) is taken BEFORE the transaction, after reading the listing change log's position
 * P: the search index then reflects every change up to P. Inside the transaction the alerts
 * scan cursor is taken FOR SHARE (SKIP LOCKED: never waiting on a running scan while holding a
 * connection the scan may need). If a scan is running, or has passed P meanwhile, the change is
 * retried: otherwise a change the scan passed without this search could be missed. Once the
 * share lock is held, no scan passes until this commits, and every later scan sees the search.
 * `query` tells, before the transaction, which query needs a baseline (null: none).
 */
export async function withBaseline<T>(
  ctx: SavedSearchesCtx,
  query: () => Promise<SearchFilters | null>,
  work: (tx: EventsTransaction, baseline: Baseline) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= BASELINE_ATTEMPTS;
    const wanted = await query();
    const position = wanted ? await logPosition(ctx.db) : 0;
    const baseline = wanted ? { query: wanted, ids: await matchingListingIds(ctx, wanted) } : null;
    try {
      return await transactionWithEvents(ctx, async (tx) => {
        if (baseline) {
          const cursor = await tx.execute<{ seq: string }>(
            last
              ? sql`select seq::text from alert_scan_cursor for share`
              : sql`select seq::text from alert_scan_cursor for share skip locked`,
          );
          const seq = cursor.rows[0]?.seq;
          if (!last && (seq === undefined || Number(seq) > position)) throw new BaselineRetry();
        }
        return work(tx, baseline);
      });
    } catch (error) {
      if (!(error instanceof BaselineRetry) || last) throw error;
      // A scan is short: let it finish.
      await new Promise((resolve) => setTimeout(resolve, Math.min(10 * attempt, 100)));
    }
  }
}

async function logPosition(db: Db): Promise<number> {
  const result = await db.execute<{ seq: string }>(
    sql`select seq::text from listing_change_counter`,
  );
  return Number(result.rows[0]?.seq ?? 0);
}

/**
 * The baseline's listings recorded as already known (announced = false): nobody's news. A
 * listing already known keeps its `announced` but takes today's rent: a drop while the search
 * was paused or did not match it is not news now, and the next drop is measured from here.
 */
export async function recordBaseline(
  tx: EventsTransaction,
  searchId: string,
  baseline: NonNullable<Baseline>,
) {
  if (baseline.ids.length === 0) return;
  await tx.execute(sql`
    insert into saved_search_matches (saved_search_id, listing_id, announced, last_rent_cents)
    select ${searchId}, ${listings.id}, false, ${listings.rentCents} from ${listings}
    where ${listings.id} = any(${sql.param(baseline.ids)}::uuid[])
    on conflict (saved_search_id, listing_id)
      do update set last_rent_cents = excluded.last_rent_cents`);
}

/** The same query, whatever order its keys were written in. */
export function sameQuery(a: SearchFilters, b: SearchFilters): boolean {
  const canonical = (value: SearchFilters) =>
    JSON.stringify(
      Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y))),
    );
  return canonical(a) === canonical(b);
}
