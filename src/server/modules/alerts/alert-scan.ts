import { sql } from 'drizzle-orm';
import type { SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import type { AlertKind } from '../../../shared/schemas/saved-searches.ts';
import { enqueueJob } from '../../lib/jobs/jobs.ts';
import { type EventsTransaction, transactionWithEvents } from '../events/events.service.ts';
import type { AlertDeps } from './alert-deps.ts';
import { matchSearches } from './alert-matching.ts';
import { type AlertDraft, type ListingFacts, recordAlerts } from './alert-records.ts';
import { announceSavedListings } from './saved-listing-alerts.ts';

/** Log entries one scan takes; more left over queue another scan at once. */
export const SCAN_BATCH = 500;

type LiveSearch = {
  id: string;
  user_id: string;
  name: string;
  query: SearchFilters;
  alerts: string;
};

/**
 * The alerts scan (decision 036), the `alerts.scan` job: in ONE transaction it locks the scan
 * cursor (so scans never overlap, on any instance), reads the listing change log after it,
 * matches the changed listings against every live (not paused) saved search, records and
 * announces new matches and price drops, handles saved listings, and moves the cursor. Alerts,
 * their live events and their mail commit together with the cursor, or not at all.
 */
export async function runAlertScan(deps: AlertDeps): Promise<{ alerts: number }> {
  const { alerts, more } = await transactionWithEvents(deps, async (tx) => {
    // Migration 0018 writes the one row; a database restored without it starts from now.
    await tx.execute(sql`insert into alert_scan_cursor ("only", seq)
      select true, seq from listing_change_counter on conflict do nothing`);
    const cursor = await tx.execute<{ seq: string }>(
      sql`select seq::text from alert_scan_cursor for update`,
    );
    const from = Number(cursor.rows[0]?.seq ?? 0);
    const entries = await tx.execute<{ seq: string; listing_ids: string[] }>(sql`
      select c.seq::text as seq, c.listing_ids from listing_changes c
      where c.seq > ${from} order by c.seq limit ${SCAN_BATCH}`);
    const first = entries.rows[0];
    const last = entries.rows.at(-1);
    if (!first || !last) return { alerts: 0, more: false };
    if (Number(first.seq) !== from + 1) {
      // Entries were pruned before a scan read them (the app was down for a day): skip ahead.
      deps.logger.warn({ from, next: Number(first.seq) }, 'alerts scan skipped pruned changes');
    }
    const ids = [...new Set(entries.rows.flatMap((row) => row.listing_ids))];
    const count = ids.length > 0 ? await scanListings(tx, deps, ids) : 0;
    await tx.execute(sql`update alert_scan_cursor set seq = ${Number(last.seq)}`);
    const more = entries.rows.length === SCAN_BATCH;
    // Run as the keyed job, this one is locked: graphile-worker then adds a new job for the key.
    if (more) await enqueueJob(tx, 'alerts.scan', {}, { jobKey: 'alerts-scan' });
    return { alerts: count, more };
  });
  if (more) deps.logger.info('alerts scan continues');
  return { alerts };
}

async function scanListings(
  tx: EventsTransaction,
  deps: AlertDeps,
  ids: string[],
): Promise<number> {
  const listingRows = await tx.execute<ListingFacts>(sql`
    select id, status, title, neighborhood, rent_cents, bedrooms from listings
    where id = any(${sql.param(ids)}::uuid[])`);
  const facts = new Map(listingRows.rows.map((row) => [row.id, row]));
  const active = listingRows.rows.filter((row) => row.status === 'active').map((row) => row.id);
  const drafts: AlertDraft[] = [];
  if (active.length > 0) {
    const searches = await tx.execute<LiveSearch>(sql`
      select id, user_id, name, query, alerts from saved_searches where not paused`);
    const matched = await matchSearches({ ...deps, db: tx }, active, searches.rows);
    for (const search of searches.rows) {
      const listingIds = matched.get(search.id);
      if (listingIds) drafts.push(...(await recordMatches(tx, search, listingIds, facts)));
    }
  }
  drafts.push(...(await announceSavedListings(tx, ids, facts)));
  return recordAlerts(tx, deps, drafts);
}

/**
 * New rows for listings the search never matched (announced: a new match); for known ones a
 * rent below the last one seen is a price drop; the rent seen is recorded either way.
 */
async function recordMatches(
  tx: EventsTransaction,
  search: LiveSearch,
  listingIds: string[],
  facts: Map<string, ListingFacts>,
): Promise<AlertDraft[]> {
  const known = await tx.execute<{ listing_id: string; last_rent_cents: number | null }>(sql`
    select listing_id, last_rent_cents from saved_search_matches
    where saved_search_id = ${search.id} and listing_id = any(${sql.param(listingIds)}::uuid[])
    for update`);
  const last = new Map(known.rows.map((row) => [row.listing_id, row.last_rent_cents]));
  const fresh = listingIds.filter((id) => !last.has(id));
  const drafts: AlertDraft[] = [];
  const draft = (listingId: string, kind: AlertKind, previous: number | null) => {
    const listing = facts.get(listingId);
    if (listing) {
      drafts.push({ userId: search.user_id, search, listing, kind, previousRentCents: previous });
    }
  };
  if (fresh.length > 0) {
    const inserted = await tx.execute<{ listing_id: string }>(sql`
      insert into saved_search_matches (saved_search_id, listing_id, announced, last_rent_cents)
      select ${search.id}, l.id, true, l.rent_cents from listings l
      where l.id = any(${sql.param(fresh)}::uuid[])
      on conflict do nothing
      returning listing_id`);
    for (const row of inserted.rows) draft(row.listing_id, 'new_match', null);
  }
  const moved = known.rows.filter((row) => {
    const rent = facts.get(row.listing_id)?.rent_cents ?? null;
    return rent !== null && rent !== row.last_rent_cents;
  });
  for (const row of moved) {
    const rent = facts.get(row.listing_id)?.rent_cents ?? null;
    const dropped = rent !== null && row.last_rent_cents !== null && rent < row.last_rent_cents;
    if (dropped) draft(row.listing_id, 'price_drop', row.last_rent_cents);
    await tx.execute(sql`
      update saved_search_matches set last_rent_cents = ${rent},
        announced = announced or ${dropped}
      where saved_search_id = ${search.id} and listing_id = ${row.listing_id}`);
  }
  return drafts;
}
