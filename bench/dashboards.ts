/**
 * Dashboards and the listing manager (issue 11, docs/architecture.md §8: API reads p95 <= 50 ms at
 * 50 clients). The real server on a fresh temp DATA_DIR with the demo data (the demo landlord has
 * about 290 listings), then autocannon on each read, one after the other:
 *   GET /api/landlord/listings                       first page of the manager
 *   GET /api/landlord/listings?q=studio&status=active&page=2
 *   GET /api/landlord/stats                          the landlord dashboard's figures (issue 14)
 *   GET /api/saved-listings                          the renter dashboard's saved listings
 *
 *   npx tsx bench/dashboards.ts [--duration 10] [--warmup 3] [--connections 50]
 *
 * The last line printed is JSON.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/server/seed/seed.ts';
import {
  makeDataRoot,
  signIn,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../src/server/test/server-process.ts';
import { onePath, runLoad } from './lib/load.ts';
import { round } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const BUDGET_P95_MS = 50;

async function load(url: string, cookie: string, seconds: number) {
  const run = await runLoad({
    ...onePath(url, { cookie }),
    connections: CONNECTIONS,
    seconds,
  });
  return {
    requestsPerSec: run.requestsPerSec,
    p50: run.latencyMs.p50,
    p95: run.latencyMs.p95,
    p99: run.latencyMs.p99,
    non2xx: run.non2xx,
    errors: run.errors,
  };
}

const loadAverage1m = round(os.loadavg()[0] ?? Number.NaN, 2);
const dataDir = path.join(makeDataRoot('stoop-bench-dashboards-'), 'data');
const server = await spawnServer({ dataDir });
try {
  await waitHealthy(server);
  const landlord = await signIn(server.baseUrl, 'landlord@stoop.test', DEMO_PASSWORD);
  const renter = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
  const reads: Array<[string, string, string]> = [
    ['landlordListings', '/api/landlord/listings', landlord],
    ['landlordListingsSearched', '/api/landlord/listings?q=studio&status=active&page=2', landlord],
    ['landlordStats', '/api/landlord/stats', landlord],
    ['savedListings', '/api/saved-listings', renter],
  ];
  const figures: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const [name, url, cookie] of reads) {
    const check = await fetch(server.baseUrl + url, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
    await check.arrayBuffer();
    await load(server.baseUrl + url, cookie, WARMUP_S);
    figures[name] = await load(server.baseUrl + url, cookie, DURATION_S);
    const f = figures[name];
    console.log(
      `${url}: ${f.requestsPerSec} req/s, p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms` +
        ` (budget p95 <= ${BUDGET_P95_MS} ms: ${f.p95 <= BUDGET_P95_MS ? 'met' : 'NOT met'})`,
    );
  }
  const failed = Object.values(figures).some((f) => f.non2xx > 0 || f.errors > 0);
  if (failed) process.exitCode = 1;
  console.log(
    JSON.stringify({
      bench: 'dashboards',
      cpus: os.cpus().length,
      loadAverage1m,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      budgetP95Ms: BUDGET_P95_MS,
      figures,
      pass: !failed && Object.values(figures).every((f) => f.p95 <= BUDGET_P95_MS),
    }),
  );
} finally {
  await stopServer(server);
}
