/** How the search benchmark takes a search apart: the index's time, and EXPLAIN of its SQL. */
import { sql } from 'drizzle-orm';
import type { createDatabase } from '../../src/server/db/client.ts';
import type { ListingSearch } from '../../src/server/modules/listings/listing-search.ts';
import {
  pageRowsStatement,
  queryWords,
  toIndexQuery,
} from '../../src/server/modules/listings/search.service.ts';
import type { SortKey } from '../../src/server/modules/listings/search-index.ts';
import { ListingSearchQuerySchema } from '../../src/shared/schemas/listing-queries.ts';
import { round, summary } from './stats.ts';

export type Database = ReturnType<typeof createDatabase>;
type Explained = { ms: number; plan: string };

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, run twice: the second (warm) run counts. */
export async function explain(
  database: Database,
  statement: ReturnType<typeof sql>,
): Promise<Explained> {
  const run = () =>
    database.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${statement}`);
  await run();
  const lines = (await run()).rows.map((r) => r['QUERY PLAN']);
  const time = (label: string) =>
    Number(lines.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN);
  return { ms: round(time('Planning Time') + time('Execution Time')), plan: lines.join('\n') };
}

/**
 * A search URL as the server runs it, taken apart: the in-memory index search (median of 5
 * runs of the search that answers, after typo correction when the words find nothing) and
 * EXPLAIN ANALYZE of its one SQL statement, the page's rows with the change-log position.
 */
export async function explainSearch(database: Database, search: ListingSearch, url: string) {
  const params = Object.fromEntries(new URL(url, 'http://bench').searchParams);
  const query = ListingSearchQuerySchema.parse(params);
  const index = await search.current();
  const cursor = query.cursor
    ? (JSON.parse(Buffer.from(query.cursor, 'base64url').toString()) as SortKey & { f?: 1 })
    : undefined;
  const after = cursor && { v: cursor.v, id: cursor.id };
  let words = query.q ? queryWords(query.q) : [];
  if (cursor?.f === 1) words = (await search.correct(words)) ?? words;
  let indexQuery = toIndexQuery(query, await search.terms(words), after);
  let found = index.search(indexQuery);
  if (found.total === 0 && !cursor && words.length > 0) {
    const fixed = await search.correct(words);
    if (fixed) {
      words = fixed;
      indexQuery = toIndexQuery(query, await search.terms(words), after);
      found = index.search(indexQuery);
    }
  }
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    found = index.search(indexQuery);
    times.push(performance.now() - started);
  }
  const rows = found.ids.length
    ? await explain(database, pageRowsStatement(found.ids))
    : { ms: 0, plan: '(no page: nothing matches)' };
  return {
    url:
      words.join(' ') === (query.q ? queryWords(query.q) : []).join(' ')
        ? url
        : `${url} (searched as: ${words.join(' ')})`,
    total: found.total,
    indexMs: summary(times).p50,
    rowsMs: rows.ms,
    rows: rows.plan,
  };
}
