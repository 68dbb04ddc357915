/**
 * API baseline (ARCHITECTURE §8, issue 2):
 *  1. GET /api/me with a signed-in session, 50 connections, autocannon: req/s and p50/p95/p99.
 *  2. Start-up: time from spawning `npm start` on an EXISTING data dir (built app, migrated and
 *     seeded database) until GET /api/health answers 200; three runs and their median. The bare
 *     server command (`node dist-server/index.mjs`, the bundle built first) is timed the same way.
 *
 *   npx tsx bench/api-baseline.ts [--duration 10] [--warmup 3] [--connections 50]
 *
 * The server runs as a real process on a temp DATA_DIR with the embedded PostgreSQL and its
 * production logging (one JSON line per request, to a file). The last line printed is JSON.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/server/db/seed.ts';
import {
  killEverything,
  makeDataRoot,
  REPO_ROOT,
  SERVER_COMMAND,
  signIn,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../src/server/test/server-process.ts';
import { onePath, runLoad } from './lib/load.ts';
import { percentile, round } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const START_RUNS = Number(values.runs);
const NPM_START = ['npm', 'start', '--silent'];

type LoadFigures = {
  requestsPerSec: number;
  requests: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

type StartFigures = { runsMs: number[]; medianMs: number } | { error: string };

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

async function load(url: string, cookie: string, seconds: number): Promise<LoadFigures> {
  const run = await runLoad({
    ...onePath(url, { cookie }),
    connections: CONNECTIONS,
    seconds,
  });
  const { p50, p95, p99, max } = run.latencyMs;
  return {
    requestsPerSec: run.requestsPerSec,
    requests: run.requests,
    latencyMs: { p50, p95, p99, max },
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
  };
}

async function timeStarts(dataDir: string, command: string[], runs: number): Promise<StartFigures> {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const server = await spawnServer({ dataDir, command });
    try {
      runsMs.push(round(await waitHealthy(server, { since: started, intervalMs: 10 }), 0));
    } catch (error) {
      return { error: brief((error as Error).message) };
    } finally {
      await stopServer(server);
    }
  }
  return { runsMs, medianMs: median(runsMs) };
}

/** The first lines of a failure, each cut short (server logs are long JSON lines). */
function brief(message: string): string {
  return message
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 8)
    .map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line))
    .join('\n');
}

function describeStarts(label: string, figures: StartFigures): string {
  if ('error' in figures) return `${label}: FAILED\n${figures.error}`;
  return `${label}: ${figures.runsMs.map((ms) => `${ms} ms`).join(', ')} (median ${figures.medianMs} ms)`;
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

// Other work on the machine skews every figure: record the load at the start.
const loadAverage1m = round(os.loadavg()[0] ?? Number.NaN, 2);
const root = makeDataRoot('stoop-bench-');
const dataDir = path.join(root, 'data');
try {
  // 1. Load on GET /api/me.
  const server = await spawnServer({ dataDir });
  const firstStartMs = round(await waitHealthy(server), 0);
  const cookie = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
  const check = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  if (check.status !== 200)
    throw new Error(`GET /api/me answered ${check.status} with the session`);
  await check.arrayBuffer();
  console.log(`server up on a new data dir in ${firstStartMs} ms (initdb, migrate, seed)`);
  console.log(`warm-up: ${WARMUP_S} s at ${CONNECTIONS} connections …`);
  await load(`${server.baseUrl}/api/me`, cookie, WARMUP_S);
  console.log(`measuring: ${DURATION_S} s at ${CONNECTIONS} connections …`);
  const me = await load(`${server.baseUrl}/api/me`, cookie, DURATION_S);
  await stopServer(server);

  // 2. Start-up on the existing data dir. One untimed `npm start` first builds dist/ if needed.
  console.log('untimed `npm start` (builds dist/ when it is missing or stale) …');
  const prime = await timeStarts(dataDir, NPM_START, 1);
  const npmStart = 'error' in prime ? prime : await timeStarts(dataDir, NPM_START, START_RUNS);
  const serverStart = await timeStarts(dataDir, SERVER_COMMAND, START_RUNS);

  const cpus = os.cpus();
  const figures = {
    bench: 'api-baseline',
    commit: gitCommit(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    loadAverage1m,
    getMe: { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, ...me },
    startToHealthyMs: {
      npmStart: { command: NPM_START.join(' '), ...npmStart },
      server: { command: SERVER_COMMAND.slice(1).join(' ').replace(/^/, 'node '), ...serverStart },
    },
  };

  console.log('');
  console.log(`machine: ${cpus.length} CPUs, 1-minute load average ${loadAverage1m} at the start`);
  console.log(`GET /api/me (session cookie), ${CONNECTIONS} connections, ${DURATION_S} s:`);
  console.log(
    `  ${me.requestsPerSec} req/s (${me.requests} requests), latency p50 ${me.latencyMs.p50} ms, ` +
      `p95 ${me.latencyMs.p95} ms, p99 ${me.latencyMs.p99} ms, max ${me.latencyMs.max} ms`,
  );
  console.log(`  non-2xx ${me.non2xx}, errors ${me.errors}, timeouts ${me.timeouts}`);
  console.log(`  budget p95 <= 50 ms: ${me.latencyMs.p95 <= 50 ? 'met' : 'NOT met'}`);
  console.log('Start to healthy /api/health on the existing data dir:');
  console.log(`  ${describeStarts('npm start', npmStart)}`);
  console.log(
    `  ${describeStarts(SERVER_COMMAND.slice(1).join(' ').replace(/^/, 'node '), serverStart)}`,
  );
  console.log(JSON.stringify(figures));
  if (me.non2xx > 0 || me.errors > 0 || 'error' in npmStart || 'error' in serverStart) {
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await killEverything([dataDir]);
  fs.rmSync(root, { recursive: true, force: true });
}
