import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SearchSort } from '../../../shared/listings.ts';
import type { ListingSearchQuery, SearchFilters } from '../../../shared/schemas/listing-queries.ts';
import {
  type ListingPage,
  type ListingPins,
  type ListingSummary,
  PINS_MAX,
} from '../../../shared/schemas/listing-responses.ts';
import { sqlText } from '../../db/raw.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  FEATURED_NOW,
  SUMMARY_COLUMNS,
  SUMMARY_COLUMNS_BUT_FEATURED,
  type SummaryRow,
  toSummary,
} from './listing-json.ts';
import type { ListingSearch } from './listing-search.ts';
import { publicListing } from './listing-visibility.ts';
import type { IndexFilter, IndexPage, IndexQuery, SortKey, TextTerm } from './search-index.ts';
import { featuredAt, type PageRow } from './search-page-rows.ts';

/** At most this many words of a query take part; the rest are ignored. */
const MAX_QUERY_WORDS = 6;

/**
 * After the listing with sort key `v` (publish time in microseconds, or rent in cents) and `id`.
 * `f`: the results came from the typo-tolerant pass, so later pages must use it too.
 */
type Cursor = { s: SearchSort; v: number; id: string; f?: 1 };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(raw: string, sort: SearchSort): Cursor {
  const invalid = () =>
    new AppError('VALIDATION_ERROR', {
      message: 'Invalid cursor.',
      details: [{ path: 'cursor', message: 'Invalid cursor.' }],
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { s, v, id, f } = parsed as Record<string, unknown>;
  if (s !== sort || typeof id !== 'string' || !UUID.test(id)) throw invalid();
  if (!Number.isSafeInteger(v)) throw invalid();
  return { s: sort, v: v as number, id, ...(f === 1 ? { f: 1 as const } : {}) };
}

/**
 * Words of a free-text query: letters and digits only (PostgreSQL then stems each one), except
 * that numbers joined by hyphens stay one word ("37-21"): PostgreSQL reads the document's
 * "37-21" as 37 and -21, and so reads the word, where 37 and 21 apart would never match.
 */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().match(/\p{N}+(?:-\p{N}+)+|[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);

/** A search's filters (a saved search's too) as the index asks them. */
export function toIndexFilter(filters: SearchFilters, terms: TextTerm[]): IndexFilter {
  return {
    terms,
    minRentCents: filters.minPrice === undefined ? undefined : filters.minPrice * 100,
    maxRentCents: filters.maxPrice === undefined ? undefined : filters.maxPrice * 100,
    minBedrooms: filters.bedrooms,
    minBathrooms: filters.bathrooms,
    amenities: filters.amenities,
    neighborhoods: filters.neighborhoods,
    boroughs: filters.boroughs,
    pets: filters.pets,
    laundry: filters.laundry,
    availableByDay: filters.availableBy === undefined ? undefined : dayNumber(filters.availableBy),
    bounds: filters.bounds,
    polygon: filters.polygon,
  };
}

/** A validated search as the index asks it. */
export function toIndexQuery(
  query: ListingSearchQuery,
  terms: TextTerm[],
  after: SortKey | undefined,
): IndexQuery {
  return { ...toIndexFilter(query, terms), sort: query.sort, after, limit: query.limit };
}

/**
 * The listings of a page not in memory, by id (the index decided which and in what order), and,
 * in the same snapshot, the position of the listing change log: one row of nulls when no
 * listing is read. `featured` is the staff flag; the boosts not yet over come alongside, so a
 * kept row tells when it is featured (search-page-rows.ts).
 * A named statement: each connection parses and plans it once.
 */
const l = alias(listings, 'l');
const PAGE_ROWS = {
  name: 'listing-search-page',
  text: `select page.*, c.seq::text as log_seq
    from listing_change_counter c
    left join lateral (
      select ${SUMMARY_COLUMNS_BUT_FEATURED}, l.featured,
        (select coalesce(json_agg(json_build_array(
            extract(epoch from b.starts_at) * 1000, extract(epoch from b.ends_at) * 1000)), '[]')
          from listing_boosts b
          where b.listing_id = l.id and b.status = 'active' and b.ends_at > now()) as boost_windows
      from listings l
      where l.id = any($1::uuid[]) and ${sqlText(publicListing(l))}) page on true`,
};

type PageRowRead = SummaryRow & { boost_windows: [number, number][] };

/** The same statement for EXPLAIN (bench/search.ts). */
export const pageRowsStatement = (ids: string[]) => {
  const [before, after] = PAGE_ROWS.text.split('$1');
  return sql`${sql.raw(before ?? '')}${sql.param(ids)}${sql.raw(after ?? '')}`;
};

/**
 * `GET /api/listings`: matched, counted and ordered by this instance's search index (see
 * listing-search.ts), then the page's listings read by primary key. Keyset pagination over
 * (sort key, id), so pages never skip or repeat a listing even when many share a price or time.
 * Free text is matched exactly (full text) first; only when that finds nothing does a
 * typo-tolerant pass run, and later pages of that search stay corrected.
 */
export async function searchListings({
  ctx: { db, storage, listingSearch: search },
  input: query,
}: {
  ctx: Ctx<{ storage: MediaStorage; listingSearch: ListingSearch }>;
  input: ListingSearchQuery;
}): Promise<ListingPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  let words = query.q ? queryWords(query.q) : [];
  let corrected = false;
  if (cursor?.f === 1) {
    words = (await search.correct(words)) ?? words;
    corrected = true;
  }
  const after = cursor ? { v: cursor.v, id: cursor.id } : undefined;
  const asked = { words, corrected };
  // No await when there is nothing to wait for (loaded, no words): each is a promise and a turn
  // of the event loop's queue on every search (decision 060).
  if (!search.isLoaded) await search.loaded();
  let checked = false;
  let found: IndexPage;
  const rows = new Map<string, PageRow>();
  for (;;) {
    const terms = words.length === 0 ? [] : await search.terms(words);
    // The index, its kept rows and the log position they reflect, taken together (no await
    // between).
    const { index, seq } = search.state;
    found = index.search(toIndexQuery(query, terms, after));
    if (found.total === 0 && !cursor && words.length > 0 && !corrected && !query.exact) {
      const fixed = await search.correct(words);
      if (fixed) {
        words = fixed;
        corrected = true;
        continue;
      }
    }
    rows.clear();
    const missing: string[] = [];
    for (const id of found.ids) {
      const kept = search.pageRows.get(id);
      if (kept) rows.set(id, kept);
      else missing.push(id);
    }
    // Every row kept: only the log position is needed, to know whether the index is current
    // (a read shared with the searches arriving meanwhile). Else the rows not kept and the
    // position, in one snapshot.
    let readAt: number;
    let read: [string, PageRow][] = [];
    if (missing.length === 0) {
      readAt = await search.logPosition();
    } else {
      const result = await db.$client.query<PageRowRead & { log_seq: string }>({
        ...PAGE_ROWS,
        values: [missing],
      });
      readAt = Number(result.rows[0]?.log_seq ?? 0);
      read = result.rows
        .filter((row) => row.id !== null)
        .map((row) => [row.id, toPageRow(storage, row)]);
      for (const [id, row] of read) rows.set(id, row);
    }
    // Listings changed before this statement that the index had not applied: catch up and
    // search again (once: after catching up, the index is current as of this request).
    if (checked || readAt <= seq) {
      search.pageRows.keep(read, readAt, search.state.seq);
      break;
    }
    await search.catchUp();
    checked = true;
    ({ words, corrected } = asked); // the correction, if any, was made against stale listings
  }
  // Rows are shown in the index's order; one that stopped being public since is left out.
  const now = Date.now();
  const items = featuredFirstInTies(
    found.ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? featuredAt(row, now) : [];
    }),
    query.sort,
  );
  const nextCursor = found.next
    ? encodeCursor({ s: query.sort, ...found.next, ...(corrected ? { f: 1 as const } : {}) })
    : null;
  return {
    items,
    total: found.total,
    nextCursor,
    correctedQuery: corrected ? words.join(' ') : null,
  };
}

function toPageRow(storage: MediaStorage, row: PageRowRead): PageRow {
  return { summary: toSummary(storage, row), boostWindows: row.boost_windows.flat() };
}

/**
 * `GET /api/listings/pins`: the map's markers for a search (its filters; sort and paging play
 * no part), from the index alone: positions and rents live there. The words are corrected as
 * `GET /api/listings` corrects them, so the map shows what the list shows.
 */
export async function listingPins({
  ctx: { listingSearch: search },
  input: query,
}: {
  ctx: { listingSearch: ListingSearch };
  input: ListingSearchQuery;
}): Promise<ListingPins> {
  const words = query.q ? queryWords(query.q) : [];
  const terms = await search.terms(words);
  const found = (await search.current()).pins(toIndexFilter(query, terms), PINS_MAX);
  if (found.total > 0 || words.length === 0 || query.exact) return found;
  const fixed = await search.correct(words);
  if (!fixed) return found;
  const fixedTerms = await search.terms(fixed);
  return search.state.index.pins(toIndexFilter(query, fixedTerms), PINS_MAX);
}

/**
 * Among listings the sort ranks equal on a page (same rent; same publish instant), featured
 * ones (staff or a boost, issue 14) come first. The page's set and its cursor stay the index's,
 * so paging is unchanged; a tie split across two pages keeps the index's order there.
 */
function featuredFirstInTies(items: ListingSummary[], sort: SearchSort): ListingSummary[] {
  // Nothing featured on the page: every tie keeps its order.
  if (!items.some((item) => item.featured)) return items;
  const key = (item: ListingSummary) => (sort === 'newest' ? item.publishedAt : item.rentCents);
  const out: ListingSummary[] = [];
  for (let start = 0; start < items.length; ) {
    let end = start + 1;
    while (
      end < items.length &&
      key(items[end] as ListingSummary) === key(items[start] as ListingSummary)
    ) {
      end += 1;
    }
    const run = items.slice(start, end);
    out.push(...run.filter((item) => item.featured), ...run.filter((item) => !item.featured));
    start = end;
  }
  return out;
}

/** `GET /api/listings/featured`: active listings featured by staff or a boost, newest first. */
export async function featuredListings({
  ctx: { db, storage },
  input: { limit },
}: {
  ctx: Ctx<{ storage: MediaStorage }>;
  input: { limit: number };
}) {
  const result = await db.execute<SummaryRow>(sql`
    select ${sql.raw(SUMMARY_COLUMNS)}
    from (
      select * from ${listings} l
      where ${publicListing(l)} and ${sql.raw(FEATURED_NOW)}
      order by published_at desc, id desc
      limit ${limit}
    ) l
    order by l.published_at desc, l.id desc`);
  return { items: result.rows.map((row) => toSummary(storage, row)) };
}
