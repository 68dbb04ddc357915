/**
 * Several cores (issue 17, decision 041): the same load at WEB_CONCURRENCY=1 and 2 (or --workers).
 *
 *   npx tsx bench/cluster.ts [--workers 1,2] [--duration 10] [--warmup 3] [--connections 50]
 *
 * For each worker count, the built server (`node dist-server/index.mjs`, bundled first) runs as a
 * real process on one temp DATA_DIR with the embedded PostgreSQL (the primary owns it), and
 * autocannon measures GET /api/me with a signed-in session and GET /api/listings (the default
 * search), each at --connections for --duration seconds after a warm-up. The load generator,
 * PostgreSQL and every worker share this machine's cores: on 2 cores, 2 workers compete with
 * them, so the ratio here is a floor of what a bigger machine gets. The last line printed is JSON.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/lib/build-server.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed.ts';
import {
  killEverything,
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
    workers: { type: 'string', default: '1,2' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const WORKERS = values.workers.split(',').map(Number);
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
if (WORKERS.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error('--workers must be a comma list of whole numbers, e.g. 1,2');
}

type Figure = {
  requestsPerSec: number;
  requests: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  errors: number;
};

async function measure(url: string, cookie: string): Promise<Figure> {
  const target = { ...onePath(url, { cookie }), connections: CONNECTIONS };
  await runLoad({ ...target, seconds: WARMUP_S });
  const run = await runLoad({ ...target, seconds: DURATION_S });
  const { p50, p95, p99, max } = run.latencyMs;
  return {
    requestsPerSec: run.requestsPerSec,
    requests: run.requests,
    latencyMs: { p50, p95, p99, max },
    non2xx: run.non2xx,
    errors: run.errors,
  };
}

/**
 * Until every worker has answered a search (listening, its search index loaded): the first worker
 * to be healthy would otherwise take the load alone while the others start.
 */
async function allWorkersSearching(baseUrl: string, workers: number) {
  const pids = new Set<string>();
  const deadline = performance.now() + 120_000;
  while (pids.size < workers) {
    if (performance.now() > deadline)
      throw new Error(`only ${pids.size} of ${workers} workers answered`);
    // A new connection each time: the cluster hands out connections, not requests.
    const res = await fetch(`${baseUrl}/api/listings`, { headers: { connection: 'close' } });
    await res.arrayBuffer();
    const pid = res.headers.get('x-stoop-pid');
    if (res.status === 200 && pid) pids.add(pid);
  }
}

const loadAverage1m = round(os.loadavg()[0] ?? Number.NaN, 2);
const root = makeDataRoot('stoop-bench-cluster-');
const dataDir = path.join(root, 'data');
const results: Record<string, { me: Figure; listings: Figure }> = {};
try {
  await buildServer();
  for (const workers of WORKERS) {
    const server = await spawnServer({
      dataDir,
      env: { WEB_CONCURRENCY: String(workers), EXPOSE_PID_HEADER: 'true' },
    });
    try {
      await waitHealthy(server, { timeoutMs: 120_000 });
      await allWorkersSearching(server.baseUrl, workers);
      const cookie = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
      console.log(`WEB_CONCURRENCY=${workers}: GET /api/me, ${CONNECTIONS} connections …`);
      const me = await measure(`${server.baseUrl}/api/me`, cookie);
      console.log(`WEB_CONCURRENCY=${workers}: GET /api/listings, ${CONNECTIONS} connections …`);
      const listings = await measure(`${server.baseUrl}/api/listings`, cookie);
      results[workers] = { me, listings };
      for (const [name, f] of Object.entries({
        'GET /api/me': me,
        'GET /api/listings': listings,
      })) {
        console.log(
          `  ${name}: ${f.requestsPerSec} req/s, p50 ${f.latencyMs.p50} ms, p95 ${f.latencyMs.p95} ms, ` +
            `p99 ${f.latencyMs.p99} ms (non-2xx ${f.non2xx}, errors ${f.errors})`,
        );
      }
    } finally {
      await stopServer(server);
    }
  }
  const base = results[WORKERS[0] as number];
  const scaling = Object.fromEntries(
    Object.entries(results).map(([workers, r]) => [
      workers,
      {
        me: base ? round(r.me.requestsPerSec / base.me.requestsPerSec, 2) : null,
        listings: base ? round(r.listings.requestsPerSec / base.listings.requestsPerSec, 2) : null,
      },
    ]),
  );
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} CPUs, 1-minute load average ${loadAverage1m} at the start`);
  console.log(`throughput relative to WEB_CONCURRENCY=${WORKERS[0]}: ${JSON.stringify(scaling)}`);
  console.log(
    JSON.stringify({
      bench: 'cluster',
      node: process.version,
      cpus: cpus.length,
      loadAverage1m,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      results,
      scaling,
    }),
  );
  if (
    Object.values(results).some(
      (r) => r.me.non2xx + r.me.errors + r.listings.non2xx + r.listings.errors > 0,
    )
  ) {
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await killEverything([dataDir]);
  fs.rmSync(root, { recursive: true, force: true });
}
