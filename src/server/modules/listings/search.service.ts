import { type SQL, sql } from 'drizzle-orm';
import type { SearchSort } from '../../../shared/listings.ts';
import type { ListingPage, ListingSearchQuery } from '../../../shared/schemas/listings.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './listing-json.ts';

/** At most this many words of a query take part; the rest are ignored. */
const MAX_QUERY_WORDS = 6;
/** Shorter words are never corrected: a two-letter word is close to nearly everything. */
const TRIGRAM_MIN_LENGTH = 4;

/** `f`: the results came from the typo-tolerant pass, so later pages must use it too. */
type Cursor = { s: SearchSort; v: string | number; id: string; f?: 1 };

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
  if (
    sort === 'newest' ? typeof v !== 'string' || Number.isNaN(Date.parse(v)) : !Number.isInteger(v)
  ) {
    throw invalid();
  }
  return { s: sort, v: v as string | number, id, ...(f === 1 ? { f: 1 as const } : {}) };
}

/** Words of a free-text query: letters and digits only, so they are safe inside a tsquery. */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function textCondition(words: string[], alias: 'l' | 't' = 'l'): SQL {
  // Every word, stemmed; the last one also as a prefix, as typed so far ("renov" finds
  // "renovated"). Stop words drop out; a query of stop words only matches everything.
  const terms = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w));
  const tsquery = sql`to_tsquery('english', ${terms.join(' & ')})`;
  return sql`(numnode(${tsquery}) = 0 or ${sql.raw(alias)}.search_vector @@ ${tsquery})`;
}

/**
 * Typo tolerance: each word of 4+ letters is replaced by the nearest word of the listings'
 * vocabulary by trigram distance (pg_trgm, GiST), if one is similar enough. Null when nothing
 * changes.
 */
export async function correctWords(db: Db, words: string[]): Promise<string[] | null> {
  const candidates = words.filter((w) => w.length >= TRIGRAM_MIN_LENGTH);
  if (candidates.length === 0) return null;
  const result = await db.execute<{ input: string; fix: string | null }>(sql`
    select w.input, (
      select s.word from search_words s
      where s.word % w.input
      order by s.word <-> w.input
      limit 1) as fix
    from unnest(${sql.param(candidates)}::text[]) as w(input)`);
  const fixes = new Map(result.rows.map((row) => [row.input, row.fix]));
  const corrected = words.map((w) => fixes.get(w) ?? w);
  return corrected.some((w, i) => w !== words[i]) ? corrected : null;
}

/**
 * The WHERE conditions of a search, without the cursor. `walk`: the page walks a sort index.
 * Its filters are then tested on the covering index's entries (index-only) and the words only
 * on the rows that pass them, through the primary key: testing the words on every row walked
 * reads each one from the heap (the Bronx is at the cheap end, so a walk from the expensive end
 * read 16,000 rows to find 21 quiet Bronx listings, 30 ms; this way 86 rows, 3 ms).
 */
function filters(query: ListingSearchQuery, words: string[], walk = false): SQL[] {
  const conditions: SQL[] = [sql`l.status = 'active'`];
  if (query.minPrice !== undefined) conditions.push(sql`l.rent_cents >= ${query.minPrice * 100}`);
  if (query.maxPrice !== undefined) conditions.push(sql`l.rent_cents <= ${query.maxPrice * 100}`);
  if (query.bedrooms !== undefined) conditions.push(sql`l.bedrooms >= ${query.bedrooms}`);
  if (query.bathrooms !== undefined) conditions.push(sql`l.bathrooms >= ${query.bathrooms}`);
  if (query.amenities?.length) {
    conditions.push(sql`l.amenities @> array[${list(query.amenities)}]::text[]`);
  }
  if (query.neighborhoods?.length) {
    conditions.push(sql`l.neighborhood in (${list(query.neighborhoods)})`);
  }
  if (query.boroughs?.length) conditions.push(sql`l.borough in (${list(query.boroughs)})`);
  for (const kind of new Set(query.pets ?? [])) {
    conditions.push(sql`l.pets in (${kind}, 'cats_and_dogs')`);
  }
  if (query.laundry?.length) conditions.push(sql`l.laundry in (${list(query.laundry)})`);
  if (query.availableBy) conditions.push(sql`l.available_from <= ${query.availableBy}::date`);
  if (words.length > 0) {
    conditions.push(
      walk && conditions.length > 1
        ? sql`exists (select from listings t where t.id = l.id and ${textCondition(words, 't')})`
        : textCondition(words),
    );
  }
  return conditions;
}

/**
 * How a page finds its keys: walk a sort index (index-only over the covering index, testing
 * the filters on its entries) until a page matches, or fetch every match and sort it.
 *
 * Walking reads about limit × active / matches entries when the filters are independent of
 * the sort key, far more when they correlate (West Village is all at the expensive end; Bronx
 * at the cheap one). Sorting pays only when an index narrows the matches to a few: the words'
 * GIN index, or a neighborhood leading its covering index. A borough covers up to a third of
 * the city, so borough searches walk (measured: 1-4 ms walking where sorting took 8-12 ms).
 *
 * Words are tested on the heap row, not on an index entry, so a walk over words alone reads a
 * row per entry walked and correlation costs dearly ("sunny studio" by price: 79 ms walking,
 * 5 ms sorting its 1,095 matches). With other filters a walk reads only the rows that pass
 * them (see `filters`), and sorting costs what the words alone match, so that count (capped,
 * cached like totals) decides: "terrace" with two filters sorts 17,000 rows (21 ms) where the
 * walk takes 2 ms.
 */
const MATCH_FIRST_MAX = { text: 2_000, wordsByDate: 500, filters: 5_000 };

/** Forces one way of finding a page's keys: tests run every case both ways. */
export const searchTuning: { plan: 'auto' | 'walk' | 'match-first' } = { plan: 'auto' };

function order(sort: SearchSort, matchFirst = false): SQL {
  // Match-first is written so no btree can serve the order: the planner then fetches the
  // matches through the filters' indexes and sorts them.
  const published = matchFirst ? sql`l.published_at + interval '0 seconds'` : sql`l.published_at`;
  const rent = matchFirst ? sql`l.rent_cents + 0` : sql`l.rent_cents`;
  switch (sort) {
    case 'newest':
      return sql`${published} desc, l.id desc`;
    case 'price_asc':
      return sql`${rent} asc, l.id asc`;
    case 'price_desc':
      return sql`${rent} desc, l.id desc`;
  }
}

function after(cursor: Cursor): SQL {
  switch (cursor.s) {
    case 'newest':
      return sql`(l.published_at, l.id) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`;
    case 'price_asc':
      return sql`(l.rent_cents, l.id) > (${cursor.v}::int, ${cursor.id}::uuid)`;
    case 'price_desc':
      return sql`(l.rent_cents, l.id) < (${cursor.v}::int, ${cursor.id}::uuid)`;
  }
}

type PageRow = SummaryRow & { cursor_ts: string };

/**
 * Totals of recent searches, per database and filter set, for a few seconds: paging through
 * results (or the same popular search) need not count tens of thousands of rows each time.
 * A listing change in this process clears them; other instances' totals lag by the TTL at most.
 */
const COUNT_TTL_MS = 10_000;
const COUNT_CACHE_MAX = 5_000;
/** A count in flight is shared too: concurrent searches for one filter set count once. */
const countCaches = new WeakMap<Db, Map<string, { total: Promise<number>; expires: number }>>();

function countCache(db: Db) {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  return cache;
}

export function invalidateSearchCounts(db: Db) {
  countCaches.get(db)?.clear();
}

function countKey(query: ListingSearchQuery, words: string[]): string {
  const sorted = (list?: readonly string[]) => (list ? [...list].sort().join(',') : '');
  return JSON.stringify([
    words,
    query.minPrice,
    query.maxPrice,
    query.bedrooms,
    query.bathrooms,
    sorted(query.amenities),
    sorted(query.neighborhoods),
    sorted(query.boroughs),
    sorted(query.pets),
    sorted(query.laundry),
    query.availableBy,
  ]);
}

/**
 * The page and count statements of a search (also used by bench/search.ts for EXPLAIN).
 * The page first picks its keys from a covering index (index-only: filters are tested on the
 * index entries) and only then reads the listing rows it shows, by primary key. `id = any(array(
 * ...))` plans in about two thirds of the time a join takes, which matters at 0.5 ms a page.
 */
export function searchStatements(
  query: ListingSearchQuery,
  words: string[] = query.q ? queryWords(query.q) : [],
  options: { matchFirst?: boolean } = {},
) {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const where = filters(query, words);
  const walkWhere = options.matchFirst ? where : filters(query, words, true);
  const pageWhere = cursor ? [...walkWhere, after(cursor)] : walkWhere;
  const page = sql`
    select ${sql.raw(SUMMARY_COLUMNS)}, to_json(l.published_at) #>> '{}' as cursor_ts
    from listings l
    where l.id = any(array(
      select l.id
      from listings l
      where ${sql.join(pageWhere, sql` and `)}
      order by ${order(query.sort, options.matchFirst)}
      limit ${query.limit + 1}))
    order by ${order(query.sort)}`;
  const count = sql`select count(*)::int as total from listings l where ${sql.join(where, sql` and `)}`;
  return { page, count, cursor };
}

export type SearchPlan = {
  words: string[];
  /** The words were corrected (typo tolerance); later pages must search them too. */
  corrected: boolean;
  total: number;
  statements: ReturnType<typeof searchStatements>;
};

/**
 * Counts a search (through `countOf`, which may cache) and chooses its page statement: the
 * count decides whether the matches are few enough to sort, and whether typo correction runs.
 */
export async function planSearch(
  db: Db,
  query: ListingSearchQuery,
  countOf: (count: SQL, key: string) => Promise<number> = async (count) =>
    (await db.execute<{ total: number }>(count)).rows[0]?.total ?? 0,
): Promise<SearchPlan> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  let words = query.q ? queryWords(query.q) : [];
  let corrected = false;
  if (cursor?.f === 1) {
    words = (await correctWords(db, words)) ?? words;
    corrected = true;
  }
  let statements = searchStatements(query, words);
  let total = await countOf(statements.count, countKey(query, words));
  if (total === 0 && !cursor && words.length > 0) {
    const fixed = await correctWords(db, words);
    if (fixed) {
      words = fixed;
      corrected = true;
      statements = searchStatements(query, words);
      total = await countOf(statements.count, countKey(query, words));
    }
  }
  let matchFirst: boolean;
  if (searchTuning.plan !== 'auto') {
    matchFirst = searchTuning.plan === 'match-first';
  } else if (words.length === 0) {
    matchFirst = total <= MATCH_FIRST_MAX.filters && Boolean(query.neighborhoods?.length);
  } else if (total > MATCH_FIRST_MAX.text) {
    matchFirst = false;
  } else if (filters(query, []).length === 1) {
    // The words alone. Newest first walks an index holding the search vector, index-only.
    matchFirst = query.sort !== 'newest' || total <= MATCH_FIRST_MAX.wordsByDate;
  } else if (query.neighborhoods?.length) {
    matchFirst = true; // a neighborhood's few listings
  } else {
    // How many rows sorting would read: the words' matches, counted up to the limit.
    const capped = sql`select count(*)::int as total from (
      select from listings l where l.status = 'active' and ${textCondition(words)}
      limit ${MATCH_FIRST_MAX.text + 1}) m`;
    const wordMatches = await countOf(capped, JSON.stringify(['words, capped', words]));
    matchFirst = wordMatches <= MATCH_FIRST_MAX.text;
  }
  statements = searchStatements(query, words, { matchFirst });
  return { words, corrected, total, statements };
}

/**
 * `GET /api/listings`: keyset pagination over (sort key, id), so pages never skip or repeat a
 * row even when many share a price or time. Only active listings are ever read. Free text is
 * matched exactly (full text) first; only when that finds nothing does a typo-tolerant pass run.
 */
export async function searchListings({
  db,
  storage,
  query,
}: {
  db: Db;
  storage: MediaStorage;
  query: ListingSearchQuery;
}): Promise<ListingPage> {
  const cache = countCache(db);
  const countOf = (count: SQL, key: string) => {
    const cached = cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.total;
    const total = db.execute<{ total: number }>(count).then((r) => r.rows[0]?.total ?? 0);
    if (cache.size >= COUNT_CACHE_MAX) cache.clear();
    const entry = { total, expires: Date.now() + COUNT_TTL_MS };
    cache.set(key, entry);
    total.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return total;
  };
  // Count first (usually cached): the count chooses the page's plan and, when text matches
  // nothing, sends the words to typo correction.
  const { corrected, total, statements } = await planSearch(db, query, countOf);
  const page = total === 0 ? { rows: [] as PageRow[] } : await db.execute<PageRow>(statements.page);
  const rows = page.rows.slice(0, query.limit);
  const hasMore = page.rows.length > query.limit;
  const last = rows[rows.length - 1];
  const nextCursor =
    hasMore && last
      ? encodeCursor({
          s: query.sort,
          v: query.sort === 'newest' ? last.cursor_ts : (last.rent_cents ?? 0),
          id: last.id,
          ...(corrected ? { f: 1 as const } : {}),
        })
      : null;
  return { items: rows.map((row) => toSummary(storage, row)), total, nextCursor };
}
/** `GET /api/listings/featured`: active featured listings, newest first. */
export async function featuredListings({
  db,
  storage,
  limit,
}: {
  db: Db;
  storage: MediaStorage;
  limit: number;
}) {
  const result = await db.execute<SummaryRow>(sql`
    select ${sql.raw(SUMMARY_COLUMNS)}
    from (
      select * from listings
      where status = 'active' and featured
      order by published_at desc, id desc
      limit ${limit}
    ) l
    order by l.published_at desc, l.id desc`);
  return { items: result.rows.map((row) => toSummary(storage, row)) };
}
