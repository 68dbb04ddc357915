import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingViewVisitors } from '../../db/schema/billing.ts';
import { listingDailyViews, listingStats, listings } from '../../db/schema/listings.ts';
import { newYorkDay } from '../../lib/time.ts';
import { type EventBus, publishEvents, transactionWithEvents } from '../events/events.service.ts';

/*
 * Public views are counted in memory and written in one statement every couple of seconds:
 * a write (and its commit) per page view would cost more than the page itself. A view counts
 * once per listing, New York day and visitor (`listing_view_visitors`), so a reload is not a
 * second view. A crash loses at most one interval's views; each instance keeps its own buffer
 * and the table de-duplicates across instances.
 */

const VIEW_FLUSH_MS = 2_000;
/** NOTIFYed at a flush's commit with each landlord whose views moved (caches forget them). */
export const LISTING_VIEWS_CHANNEL = 'listing_views';
/** Visitor rows kept: today's and yesterday's are all the de-duplication needs. */
export const VIEW_VISITORS_KEPT_DAYS = 2;

/** Who looked: the signed-in user, else the client's address and user agent (never stored). */
export type ViewVisitor = {
  userId: string | null;
  address: string | undefined;
  userAgent: string | undefined;
};

/**
 * A keyed hash of the visitor: the same person gives the same value on every instance, and the
 * stored value says nothing about their address without the server's secret.
 */
export function visitorHash(secret: string, visitor: ViewVisitor): string {
  const subject = visitor.userId
    ? `user:${visitor.userId}`
    : `anon:${visitor.address ?? ''}\n${visitor.userAgent ?? ''}`;
  return createHmac('sha256', secret)
    .update('stoop.listing-view\n')
    .update(subject)
    .digest('base64url')
    .slice(0, 22);
}

type ViewBuffer = {
  /** `listingId day` → visitor hashes seen since the last flush. */
  pending: Map<string, Set<string>>;
  events: EventBus;
  timer: NodeJS.Timeout | undefined;
};
const viewBuffers = new WeakMap<Db, ViewBuffer>();

type FlushListener = (landlordIds: string[]) => void;
const flushListeners = new WeakMap<Db, Set<FlushListener>>();

/**
 * Hears this instance's flushes on `db` as they commit, before the NOTIFY comes back: a cache
 * forgets at once, so a read right after the flush (the same request) never sees the old figure.
 */
export function onViewsFlushed(db: Db, listener: FlushListener): () => void {
  let listeners = flushListeners.get(db);
  if (!listeners) {
    listeners = new Set();
    flushListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recordView(
  ctx: { db: Db; events: EventBus },
  input: { listingId: string; visitor: string },
) {
  const { db, events } = ctx;
  let buffer = viewBuffers.get(db);
  if (!buffer) {
    buffer = { pending: new Map(), events, timer: undefined };
    viewBuffers.set(db, buffer);
  }
  const key = `${input.listingId} ${newYorkDay()}`;
  let visitors = buffer.pending.get(key);
  if (!visitors) {
    visitors = new Set();
    buffer.pending.set(key, visitors);
  }
  visitors.add(input.visitor);
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushViews(db).catch(() => {}), VIEW_FLUSH_MS);
    buffer.timer.unref();
  }
}

/**
 * Writes the buffered views: the (listing, day, visitor) rows not already there count, in the
 * day's row and the all-time counter, in one statement; listings deleted meanwhile are skipped.
 * Each landlord whose figures moved hears `landlord.stats.changed` once. True when any did.
 */
export async function flushViews(db: Db): Promise<boolean> {
  const buffer = viewBuffers.get(db);
  if (!buffer) return false;
  clearTimeout(buffer.timer);
  buffer.timer = undefined;
  if (buffer.pending.size === 0) return false;
  const ids: string[] = [];
  const days: string[] = [];
  const visitors: string[] = [];
  for (const [key, seen] of buffer.pending) {
    const [listingId = '', day = ''] = key.split(' ');
    for (const visitor of seen) {
      ids.push(listingId);
      days.push(day);
      visitors.push(visitor);
    }
  }
  buffer.pending.clear();
  const landlordIds = await transactionWithEvents({ db, events: buffer.events }, async (tx) => {
    const result = await tx.execute<{ landlord_id: string }>(sql`
      with v as (
        select v.listing_id, v.day, v.visitor
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(days)}::date[],
          ${sql.param(visitors)}::text[]) as v(listing_id, day, visitor)
        join ${listings} l on l.id = v.listing_id
      ), fresh as (
        insert into ${listingViewVisitors} (listing_id, day, visitor)
        select listing_id, day, visitor from v
        on conflict do nothing
        returning listing_id, day
      ), per_day as (
        select listing_id, day, count(*)::int as n from fresh group by listing_id, day
      ), daily as (
        insert into ${listingDailyViews} as d (listing_id, day, views)
        select listing_id, day, n from per_day
        on conflict (listing_id, day) do update set views = d.views + excluded.views
      ), per_listing as (
        select listing_id, sum(n)::int as n from per_day group by listing_id
      ), totals as (
        insert into ${listingStats} as s (listing_id, view_count)
        select listing_id, n from per_listing
        on conflict (listing_id) do update set view_count = s.view_count + excluded.view_count
      )
      select distinct l.landlord_id from per_listing p join ${listings} l on l.id = p.listing_id`);
    const touched = result.rows.map((row) => row.landlord_id);
    if (touched.length === 0) return touched;
    await tx.execute(sql`select pg_notify(${LISTING_VIEWS_CHANNEL}, id::text)
      from unnest(${sql.param(touched)}::uuid[]) as t(id)`);
    await publishEvents(
      tx,
      touched.map((userId) => ({ userId, type: 'landlord.stats.changed' as const, data: {} })),
    );
    return touched;
  });
  if (landlordIds.length === 0) return false;
  for (const listener of flushListeners.get(db) ?? []) listener(landlordIds);
  return true;
}

/** Drops visitor rows older than VIEW_VISITORS_KEPT_DAYS New York days (daily job). */
export async function pruneViewVisitors(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from ${listingViewVisitors}
    where day < ${newYorkDay()}::date - ${VIEW_VISITORS_KEPT_DAYS - 1}::int`);
  return result.rowCount ?? 0;
}
