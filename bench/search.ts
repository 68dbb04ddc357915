/**
 * Listing search benchmark (issue 4, docs/architecture.md §8):
 *  1. A database with N demo listings (default 100,000): DATABASE_URL, or an embedded
 *     PostgreSQL under --data-dir (default data/bench, reused between runs; seeding is
 *     idempotent, so a second run only starts it).
 *  2. The real server as its own process (`node dist-server/index.mjs`, the bundle built first) on that
 *     database, with production logging to a file.
 *  3. autocannon, 20 connections: a deterministic mix of text, filters, map areas (issue 16:
 *     a borough-sized box, a neighborhood box, concave polygons), sorts and next pages on
 *     GET /api/listings, some GET /api/listings/pins, then GET /api/listings/{id}; p50/p95/p99
 *     of each, per shape too.
 *  4. EXPLAIN (ANALYZE, BUFFERS) of the slowest search shape's statements.
 *  5. CPU per request of the server process and of PostgreSQL (when the bench started it, or
 *     `--pg-pid` names its postmaster): on a shared 2-core machine latency swings with other
 *     load, CPU per request much less.
 *
 *   npx tsx bench/search.ts [--listings 100000] [--duration 20] [--connections 20]
 *   npx tsx bench/search.ts --explain   # no load: EXPLAIN ANALYZE every planned search
 *   npx tsx bench/search.ts --profile   # the server writes a V8 CPU profile to <data-dir>/profiles
 *   npx tsx bench/search.ts --pins-share 0   # map searches only on GET /api/listings, no /pins
 *
 * `--explain` plans each URL of the mix as the server does (uncached count first, then the
 * page) and reports, per statement, execution + planning time: the slowest URLs with their
 * plans, and p50/p95/max over the mix. The last line printed is JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { createLocalStorage } from '../src/server/lib/storage.ts';
import { ListingSearch } from '../src/server/modules/listings/listing-search.ts';
import { searchListings } from '../src/server/modules/listings/search.service.ts';
import { seedDemoData } from '../src/server/seed/seed.ts';
import { REPO_ROOT } from '../src/server/test/server-process.ts';
import { ListingSearchQuerySchema } from '../src/shared/schemas/listing-queries.ts';
import { type PlannedRequest, runLoad } from './lib/load.ts';
import { explain, explainSearch } from './lib/search-explain.ts';
import { planSearches } from './lib/search-mix.ts';
import { type BenchServer, startBenchServer, stopBenchServer } from './lib/server.ts';
import { cpuMs, round, summary } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '20' },
    'detail-duration': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    'data-dir': { type: 'string', default: 'data/bench' },
    explain: { type: 'boolean', default: false },
    'explain-top': { type: 'string', default: '8' },
    'pg-pid': { type: 'string' },
    profile: { type: 'boolean', default: false },
    /** Of the map searches, the share that asks `/pins` instead (0: searches only). */
    'pins-share': { type: 'string', default: '0.25' },
    /** Server processes (WEB_CONCURRENCY, issue 17): 1, or a node:cluster of that many. */
    workers: { type: 'string', default: '1' },
  },
});
const PINS_SHARE = Number(values['pins-share']);
const WORKERS = Number(values.workers);
const LISTINGS = Number(values.listings);
const DURATION_S = Number(values.duration);
const DETAIL_DURATION_S = Number(values['detail-duration']);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const DATA_DIR = path.resolve(REPO_ROOT, values['data-dir'] ?? 'data/bench');
/**
 * docs/architecture.md §8 (search ≤ 50 ms), and issue 16's goal with map areas in the mix: 30 ms.
 */
const BUDGET = { searchP95Ms: 50, detailP95Ms: 20, issue16SearchP95Ms: 30 };

/**
 * A process and its children: a postmaster and its backends, or a cluster primary and its
 * workers (children that exited are in the parent's own children times).
 */
function treeCpuMs(parent: number): number {
  let total = cpuMs(parent, true);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) total += cpuMs(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/**
 * Every worker of a cluster listening with its index loaded: batches of searches on new
 * connections (the cluster hands out connections in turn) until one answers all at once.
 */
async function untilEveryWorkerSearches(baseUrl: string) {
  const deadline = performance.now() + 180_000;
  for (let quick = 0; quick < 2; ) {
    if (performance.now() > deadline) throw new Error('the workers did not all start searching');
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS * 4 }, async () => {
        const res = await fetch(`${baseUrl}/api/listings`, { headers: { connection: 'close' } });
        await res.arrayBuffer();
      }),
    );
    quick = performance.now() - started < 1_000 ? quick + 1 : 0;
  }
}

async function main() {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.chmodSync(DATA_DIR, 0o755);
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, 'pg') });
    url = process.env.BENCH_TCP ? embedded.url : embedded.localUrl;
  }
  const postmaster = embedded?.pid ?? (values['pg-pid'] ? Number(values['pg-pid']) : undefined);
  const database = createDatabase(url, { max: 4 });
  let server: BenchServer | undefined;
  try {
    await runMigrations(url);
    const storage = createLocalStorage(path.join(DATA_DIR, 'media'));
    const seedStarted = performance.now();
    const created = await seedDemoData(database.db, { listings: LISTINGS, storage });
    const seedMs = performance.now() - seedStarted;
    console.log(
      `seed: ${created.length ? created.join(', ') : 'already present'} in ${round(seedMs / 1000, 1)} s`,
    );
    await database.pool.query('vacuum (analyze) listings, listing_photos, listing_stats');
    const { rows: counts } = await database.pool.query<{ active: number; all: number }>(
      `select count(*) filter (where status = 'active')::int as active, count(*)::int as all from listings`,
    );
    console.log(`listings: ${counts[0]?.active} active of ${counts[0]?.all}`);
    const planned = planSearches(400, PINS_SHARE);
    // --explain takes searches apart; pins read no rows (the index alone answers them).
    const searches = values.explain ? planned.filter((p) => !p.shape.startsWith('pins ')) : planned;

    if (values.explain) {
      // Memory the index holds: heap plus typed arrays, after a full GC when node runs with
      // --expose-gc (`node --expose-gc --import tsx bench/search.ts --explain`).
      const gc = (globalThis as { gc?: () => void }).gc;
      const heldMb = () => {
        gc?.();
        const { heapUsed, arrayBuffers } = process.memoryUsage();
        return (heapUsed + arrayBuffers) / 2 ** 20;
      };
      const memoryBefore = heldMb();
      const search = new ListingSearch(database.db);
      const loadStarted = performance.now();
      await search.current();
      const indexLoadMs = round(performance.now() - loadStarted, 0);
      const indexMb = gc ? round(heldMb() - memoryBefore, 1) : undefined;
      // Every planned URL, and the next page of the first 40 (as the load run does).
      for (const planned of searches.slice(0, 40)) {
        const params = Object.fromEntries(new URL(planned.path, 'http://bench').searchParams);
        const query = ListingSearchQuerySchema.parse(params);
        const { nextCursor } = await searchListings({
          ctx: { db: database.db, storage, listingSearch: search },
          input: query,
        });
        if (nextCursor) {
          searches.push({
            shape: `next-page ${planned.shape}`,
            path: `${planned.path}&cursor=${nextCursor}`,
          });
        }
      }
      const seen = new Set<string>();
      const explained: ({ shape: string } & Awaited<ReturnType<typeof explainSearch>>)[] = [];
      for (const planned of searches) {
        if (seen.has(planned.path)) continue;
        seen.add(planned.path);
        explained.push({
          shape: planned.shape,
          ...(await explainSearch(database, search, planned.path)),
        });
      }
      const top = Number(values['explain-top']);
      console.log('\n=== slowest index searches (in memory)');
      for (const e of [...explained].sort((a, b) => b.indexMs - a.indexMs).slice(0, top)) {
        console.log(`${e.indexMs} ms  total=${e.total}  ${decodeURIComponent(e.url)}`);
      }
      console.log('\n=== slowest page reads (SQL)');
      for (const e of [...explained].sort((a, b) => b.rowsMs - a.rowsMs).slice(0, top)) {
        console.log(`\n${e.rowsMs} ms  ${decodeURIComponent(e.url)}\n${e.rows}`);
      }
      const changeLog = await explain(
        database,
        sql`select seq::text, listing_ids from listing_changes where seq > 0 order by seq limit 1000`,
      );
      console.log(
        `\n=== change-log read (only when a search finds its index behind)\n${changeLog.plan}`,
      );
      const figures = {
        bench: 'search-explain',
        listings: counts[0]?.active,
        urls: explained.length,
        indexLoadMs,
        indexMb,
        indexMs: summary(explained.map((e) => e.indexMs)),
        pageRowsMs: summary(explained.map((e) => e.rowsMs)),
        changeLogMs: changeLog.ms,
        slowestIndex: explained.reduce((a, b) => (b.indexMs > a.indexMs ? b : a)).url,
        slowestRows: explained.reduce((a, b) => (b.rowsMs > a.rowsMs ? b : a)).url,
      };
      console.log(`\n${JSON.stringify(figures)}`);
      return;
    }

    // The server, as in production, on the same database.
    server = await startBenchServer({
      databaseUrl: url,
      dataDir: DATA_DIR,
      nodeFlags: values.profile
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(DATA_DIR, 'profiles')}`]
        : [],
      env: { WEB_CONCURRENCY: String(WORKERS) },
    });
    const { baseUrl, pid: serverPid } = server;
    if (WORKERS > 1) await untilEveryWorkerSearches(baseUrl);

    // Request mixes: searches (with some next pages) and detail pages.
    for (const planned of searches.slice(0, 40)) {
      const body = (await (await fetch(`${baseUrl}${planned.path}`)).json()) as {
        nextCursor: string | null;
      };
      if (body.nextCursor) {
        searches.push({
          shape: `next-page ${planned.shape}`,
          path: `${planned.path}&cursor=${body.nextCursor}`,
        });
      }
    }
    const { rows: ids } = await database.pool.query<{ id: string }>(
      `select id from listings where status = 'active' order by md5(id::text) limit 2000`,
    );

    async function run(paths: PlannedRequest[], seconds: number) {
      const cpuBefore = {
        server: treeCpuMs(serverPid),
        postgres: postmaster ? treeCpuMs(postmaster) : 0,
        bench: process.cpuUsage(),
      };
      const load = await runLoad({
        origin: baseUrl,
        plan: paths,
        connections: CONNECTIONS,
        seconds,
      });
      const bench = process.cpuUsage(cpuBefore.bench);
      const served = load.latencies.length;
      const perRequest = (ms: number) => (served ? round(ms / served, 3) : Number.NaN);
      return {
        requestsPerSec: load.requestsPerSec,
        latencyMs: load.latencyMs,
        non2xx: load.non2xx,
        errors: load.errors,
        // CPU ms per successful request: the server process, PostgreSQL, autocannon.
        cpuMsPerRequest: {
          server: perRequest(treeCpuMs(serverPid) - cpuBefore.server),
          ...(postmaster
            ? { postgres: perRequest(treeCpuMs(postmaster) - cpuBefore.postgres) }
            : {}),
          bench: perRequest((bench.user + bench.system) / 1000),
        },
        byShape: load.byShape,
        byPath: load.byPath,
      };
    }

    await run(searches, WARMUP_S);
    const search = await run(searches, DURATION_S);
    const detailPaths = ids.map(({ id }) => ({ shape: 'detail', path: `/api/listings/${id}` }));
    await run(detailPaths, WARMUP_S);
    const detail = await run(detailPaths, DETAIL_DURATION_S);

    const shapes = [...search.byShape.entries()]
      .filter(([, times]) => times.length >= 20)
      .map(([shape, times]) => ({ shape, ...summary(times) }))
      .sort((a, b) => b.p95 - a.p95);
    // The slowest search shape (pins are another statement-free endpoint: not explained).
    const slowest = shapes.find((s) => !s.shape.startsWith('pins '));
    // Map areas (issue 16), each over all its shapes: with or without filters, every sort.
    const areas = new Map<string, number[]>();
    for (const [shape, times] of search.byShape) {
      const area = shape.match(/\((.+)\)/)?.[1];
      if (!area) continue;
      const key = shape.startsWith('pins ') ? `pins: ${area}` : area;
      areas.set(key, [...(areas.get(key) ?? []), ...times]);
    }
    const byArea = Object.fromEntries(
      [...areas.entries()].sort().map(([area, times]) => [area, summary(times)]),
    );
    console.log(
      `\nGET /api/listings: ${search.requestsPerSec} req/s, ${JSON.stringify(search.latencyMs)}, CPU ms/request ${JSON.stringify(search.cpuMsPerRequest)}`,
    );
    console.log(
      `GET /api/listings/{id}: ${detail.requestsPerSec} req/s, ${JSON.stringify(detail.latencyMs)}, CPU ms/request ${JSON.stringify(detail.cpuMsPerRequest)}`,
    );
    console.log('\nmap areas:');
    for (const [area, figures] of Object.entries(byArea)) {
      console.log(`  ${area}: ${JSON.stringify(figures)}`);
    }
    console.log('\nslowest shapes (p95):');
    for (const s of shapes.slice(0, 6))
      console.log(`  ${s.p95} ms  p50 ${s.p50}  n=${s.n}  ${s.shape}`);

    // The slowest shape's URL with the highest median latency, taken apart: index time and
    // EXPLAIN ANALYZE of the SQL it runs.
    const example = searches
      .filter((s) => s.shape === slowest?.shape && search.byPath.has(s.path))
      .map((s) => ({ ...s, median: summary(search.byPath.get(s.path) ?? []).p50 }))
      .sort((a, b) => b.median - a.median)[0];
    const explained = example
      ? await explainSearch(database, new ListingSearch(database.db), example.path)
      : undefined;
    if (explained) {
      console.log(
        `\n${explained.url}: index ${explained.indexMs} ms, total ${explained.total}\nEXPLAIN ANALYZE of its page rows (${explained.rowsMs} ms)\n${explained.rows}`,
      );
    }

    const figures = {
      bench: 'search',
      listings: counts[0]?.active,
      connections: CONNECTIONS,
      workers: WORKERS,
      durationS: DURATION_S,
      seedMs: round(seedMs, 0),
      search: {
        requestsPerSec: search.requestsPerSec,
        latencyMs: search.latencyMs,
        cpuMsPerRequest: search.cpuMsPerRequest,
        non2xx: search.non2xx,
        errors: search.errors,
      },
      detail: {
        requestsPerSec: detail.requestsPerSec,
        latencyMs: detail.latencyMs,
        cpuMsPerRequest: detail.cpuMsPerRequest,
        non2xx: detail.non2xx,
        errors: detail.errors,
      },
      budgets: {
        searchP95Ms: BUDGET.searchP95Ms,
        searchMet: search.latencyMs.p95 <= BUDGET.searchP95Ms,
        issue16SearchP95Ms: BUDGET.issue16SearchP95Ms,
        issue16Met: search.latencyMs.p95 <= BUDGET.issue16SearchP95Ms,
        detailP95Ms: BUDGET.detailP95Ms,
        detailMet: detail.latencyMs.p95 <= BUDGET.detailP95Ms,
      },
      mapAreas: byArea,
      slowestShapes: shapes.slice(0, 5),
      explainUrl: explained?.url,
      explainMs: explained ? { index: explained.indexMs, pageRows: explained.rowsMs } : undefined,
    };
    console.log(JSON.stringify(figures));
  } finally {
    await stopBenchServer(server);
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
