/**
 * API baseline (docs/architecture.md §8, issue 2):
 *  1. GET /api/me with a signed-in session, 50 connections, autocannon: req/s and p50/p95/p99.
 *  2. Node's floor (issue 30, decision 060): a bare `node:http` server in its own process
 *     answers the very bytes Stoop answered (status, headers, body) for GET /api/me with the
 *     session and for a filtered search (bench/lib/api-floor.ts names it); short rounds on
 *     Stoop and on the bare server in turn (Stoop, bare, Stoop, bare …, same connections and
 *     duration), and Stoop's req/s as a share of the bare server's, against the goals (25% and
 *     20%). Each side's CPU per request is printed too, and its ratio: it moves less with other
 *     load, and the req/s ratio is capped by the load generator (one core of two cannot drive
 *     the bare server to its limit; decision 060).
 *  3. Start-up: time from spawning `npm start` on an EXISTING data dir (built app, migrated and
 *     seeded database) until GET /api/health answers 200; three runs and their median. The bare
 *     server command (`node dist-server/index.mjs`, the bundle built first) is timed the same way.
 *
 *   npx tsx bench/api-baseline.ts [--duration 10] [--warmup 3] [--connections 50]
 *       [--rounds 3] [--round-duration 5] [--floor-only]
 *
 * `--floor-only` measures the floor ratios alone (no 1, no revocation, no 3). Where the time
 * goes: `npx tsx bench/api-profile.ts --profile DIR`. The server runs as a real process on a
 * temp DATA_DIR with the embedded PostgreSQL and its production logging (one JSON line per
 * request, to a file). The last line printed is JSON.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/lib/build-server.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed.ts';
import {
  killEverything,
  makeDataRoot,
  postmasterInfo,
  REPO_ROOT,
  SERVER_COMMAND,
  type ServerProcess,
  signIn,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../src/server/test/server-process.ts';
import {
  answerDifferences,
  FLOOR_REQUESTS,
  type FloorFigures,
  type FloorRequest,
  interleaved,
  recordAnswer,
  startBareServer,
} from './lib/api-floor.ts';
import type { RecordedAnswer } from './lib/bare-server.ts';
import { onePath, runLoad } from './lib/load.ts';
import { percentile, round } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    'round-duration': { type: 'string', default: '5' },
    'floor-only': { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const START_RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const ROUND_S = Number(values['round-duration']);
const FLOOR_ONLY = values['floor-only'] === true;
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

/**
 * Issue 17: a session served from memory is refused by every instance within a second of its
 * revocation. A second server process on the same database (and secret); for each trial, a
 * session used on it twice (so it is kept in memory), revoked through the first instance
 * (a sign-out, or an admin's suspension), then asked for every 2 ms on the second until 401.
 */
async function measureRevocation(firstUrl: string, trials = 10) {
  const pgDir = path.join(dataDir, 'pg');
  const pg = postmasterInfo(pgDir);
  if (!pg) throw new Error('no embedded PostgreSQL running');
  const password = fs.readFileSync(`${pgDir}.password`, 'utf8').trim();
  const second = await spawnServer({
    dataDir: path.join(root, 'second'),
    databaseUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pg.port}/postgres`,
    env: { BETTER_AUTH_SECRET: fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim() },
  });
  try {
    await waitHealthy(second);
    const status = async (cookie: string) => {
      const res = await fetch(`${second.baseUrl}/api/me`, { headers: { cookie } });
      await res.arrayBuffer();
      return res.status;
    };
    const seenAfter = async (cookie: string, revoke: () => Promise<void>) => {
      if ((await status(cookie)) !== 200 || (await status(cookie)) !== 200)
        throw new Error('the second instance refused a live session');
      await revoke();
      const started = performance.now();
      while ((await status(cookie)) !== 401) {
        if (performance.now() - started > 5_000) throw new Error('not revoked after 5 s');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return round(performance.now() - started, 1);
    };
    const post = async (url: string, cookie: string, body: unknown = {}) => {
      const res = await fetch(`${firstUrl}${url}`, {
        method: 'POST',
        headers: { cookie, origin: firstUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const signOutMs: number[] = [];
    for (let i = 0; i < trials; i++) {
      const cookie = await signIn(firstUrl, 'renter@stoop.test', DEMO_PASSWORD);
      signOutMs.push(await seenAfter(cookie, () => post('/api/auth/sign-out', cookie)));
    }
    const admin = await signIn(firstUrl, 'admin@stoop.test', DEMO_PASSWORD);
    const suspensionMs: number[] = [];
    for (let i = 0; i < Math.min(3, trials); i++) {
      const cookie = await signIn(firstUrl, 'landlord@stoop.test', DEMO_PASSWORD);
      const meRes = await fetch(`${firstUrl}/api/me`, { headers: { cookie } });
      const { user } = (await meRes.json()) as { user: { id: string } };
      suspensionMs.push(
        await seenAfter(cookie, () =>
          post(`/api/admin/users/${user.id}/suspend`, admin, { reason: 'Benchmark: revocation' }),
        ),
      );
      await post(`/api/admin/users/${user.id}/restore`, admin, {});
    }
    const max = (values: number[]) => Math.max(...values);
    return {
      signOutMs: { trials: signOutMs.length, median: median(signOutMs), max: max(signOutMs) },
      suspensionMs: {
        trials: suspensionMs.length,
        median: median(suspensionMs),
        max: max(suspensionMs),
      },
      budgetMs: 1000,
      met: max([...signOutMs, ...suspensionMs]) <= 1000,
    };
  } finally {
    await stopServer(second);
  }
}

/**
 * Section 2: Stoop's answers to the floor's requests recorded, the bare server started on
 * them (and checked to answer the same bytes), then the rounds of each request in turn.
 */
async function measureFloor(stoop: ServerProcess, cookie: string) {
  const headersOf = (request: FloorRequest): Record<string, string> =>
    request.session ? { cookie } : {};
  const answers: Record<string, RecordedAnswer> = {};
  for (const request of FLOOR_REQUESTS) {
    const answer = await recordAnswer(stoop.baseUrl, request.path, headersOf(request));
    if (answer.status !== 200) throw new Error(`${request.path} answered ${answer.status}`);
    answers[request.path] = answer;
  }
  const bare = await startBareServer(path.join(root, 'bare'), answers);
  try {
    for (const request of FLOOR_REQUESTS) {
      const differences = answerDifferences(
        await recordAnswer(stoop.baseUrl, request.path, headersOf(request)),
        await recordAnswer(bare.baseUrl, request.path, headersOf(request)),
      );
      if (differences.length > 0)
        throw new Error(`the bare server answers ${request.path} otherwise: ${differences}`);
    }
    const figures: Record<string, FloorFigures & { bytes: number }> = {};
    for (const request of FLOOR_REQUESTS) {
      console.log(
        `floor: ${request.label}, ${ROUNDS} × (Stoop ${ROUND_S} s, bare ${ROUND_S} s) at ${CONNECTIONS} connections …`,
      );
      const measured = await interleaved(request, { stoop, bare }, headersOf(request), {
        rounds: ROUNDS,
        seconds: ROUND_S,
        warmupS: Math.min(WARMUP_S, ROUND_S),
        connections: CONNECTIONS,
      });
      const bytes = Buffer.from(answers[request.path]?.body ?? '', 'base64').length;
      figures[request.name] = { ...measured, bytes };
    }
    return figures;
  } finally {
    await stopServer(bare);
  }
}

function describeFloor(label: string, figures: FloorFigures & { bytes: number }): string[] {
  const side = (f: { requestsPerSec: number; cpuUsPerRequest: number }) =>
    `${f.requestsPerSec} req/s, ${f.cpuUsPerRequest} µs CPU a request`;
  return [
    `${label}: ${figures.path} (${figures.bytes} bytes of body)`,
    `  Stoop ${side(figures.stoop)}; rounds ${figures.rounds.map((r) => r.stoop.requestsPerSec).join(', ')}`,
    `  bare  ${side(figures.bare)}; rounds ${figures.rounds.map((r) => r.bare.requestsPerSec).join(', ')}`,
    `  Stoop / bare = ${(figures.ratio * 100).toFixed(1)}% of the req/s (rounds ${(figures.roundRatios.min * 100).toFixed(1)}–${(figures.roundRatios.max * 100).toFixed(1)}%), ` +
      `goal ≥ ${figures.goal * 100}%: ${figures.met ? 'met' : 'NOT met'}`,
    `  by CPU a request (bare / Stoop, each at its own limit) = ${(figures.cpuRatio * 100).toFixed(1)}%: ${figures.cpuMet ? 'met' : 'NOT met'}`,
  ];
}

// Other work on the machine skews every figure: record the load at the start.
const loadAverage1m = round(os.loadavg()[0] ?? Number.NaN, 2);
const root = makeDataRoot('stoop-bench-');
const dataDir = path.join(root, 'data');
try {
  await buildServer(); // the bundle of the sources as they are now
  const server = await spawnServer({ dataDir });
  const firstStartMs = round(await waitHealthy(server), 0);
  const cookie = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
  const check = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  if (check.status !== 200)
    throw new Error(`GET /api/me answered ${check.status} with the session`);
  await check.arrayBuffer();
  console.log(`server up on a new data dir in ${firstStartMs} ms (initdb, migrate, seed)`);
  // 1. Load on GET /api/me.
  let me: LoadFigures | undefined;
  if (!FLOOR_ONLY) {
    console.log(`warm-up: ${WARMUP_S} s at ${CONNECTIONS} connections …`);
    await load(`${server.baseUrl}/api/me`, cookie, WARMUP_S);
    console.log(`measuring: ${DURATION_S} s at ${CONNECTIONS} connections …`);
    me = await load(`${server.baseUrl}/api/me`, cookie, DURATION_S);
  }
  // 2. Node's floor.
  const floor = await measureFloor(server, cookie);
  const nonOk = Object.values(floor).some((f) =>
    f.rounds.some((r) => r.stoop.non2xx + r.stoop.errors + r.bare.non2xx + r.bare.errors > 0),
  );
  let revocation: Awaited<ReturnType<typeof measureRevocation>> | undefined;
  if (!FLOOR_ONLY) {
    console.log('revocation: a second instance on the same database …');
    revocation = await measureRevocation(server.baseUrl);
  }
  await stopServer(server);

  // 3. Start-up on the existing data dir. One untimed `npm start` first builds dist/ if needed.
  let npmStart: StartFigures | undefined;
  let serverStart: StartFigures | undefined;
  if (!FLOOR_ONLY) {
    console.log('untimed `npm start` (builds dist/ when it is missing or stale) …');
    const prime = await timeStarts(dataDir, NPM_START, 1);
    npmStart = 'error' in prime ? prime : await timeStarts(dataDir, NPM_START, START_RUNS);
    serverStart = await timeStarts(dataDir, SERVER_COMMAND, START_RUNS);
  }

  const cpus = os.cpus();
  const serverCommand = SERVER_COMMAND.slice(1).join(' ').replace(/^/, 'node ');
  const figures = {
    bench: 'api-baseline',
    commit: gitCommit(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    loadAverage1m,
    ...(me
      ? { getMe: { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, ...me } }
      : {}),
    floor: { connections: CONNECTIONS, rounds: ROUNDS, roundS: ROUND_S, ...floor },
    ...(revocation ? { revocation } : {}),
    ...(npmStart && serverStart
      ? {
          startToHealthyMs: {
            npmStart: { command: NPM_START.join(' '), ...npmStart },
            server: { command: serverCommand, ...serverStart },
          },
        }
      : {}),
  };

  console.log('');
  console.log(`machine: ${cpus.length} CPUs, 1-minute load average ${loadAverage1m} at the start`);
  if (me) {
    console.log(`GET /api/me (session cookie), ${CONNECTIONS} connections, ${DURATION_S} s:`);
    console.log(
      `  ${me.requestsPerSec} req/s (${me.requests} requests), latency p50 ${me.latencyMs.p50} ms, ` +
        `p95 ${me.latencyMs.p95} ms, p99 ${me.latencyMs.p99} ms, max ${me.latencyMs.max} ms`,
    );
    console.log(`  non-2xx ${me.non2xx}, errors ${me.errors}, timeouts ${me.timeouts}`);
    console.log(`  budget p95 <= 50 ms: ${me.latencyMs.p95 <= 50 ? 'met' : 'NOT met'}`);
  }
  console.log(
    `Node's floor: Stoop and a bare node:http server answering the same bytes, ${ROUNDS} rounds of ${ROUND_S} s each in turn, ${CONNECTIONS} connections:`,
  );
  for (const request of FLOOR_REQUESTS) {
    const measured = floor[request.name];
    if (measured) for (const line of describeFloor(request.label, measured)) console.log(line);
  }
  if (revocation) {
    console.log(
      `Revocation seen by the other instance (ms after the answer), sign-out: ${JSON.stringify(revocation.signOutMs)}, suspension: ${JSON.stringify(revocation.suspensionMs)}`,
    );
  }
  if (npmStart && serverStart) {
    console.log('Start to healthy /api/health on the existing data dir:');
    console.log(`  ${describeStarts('npm start', npmStart)}`);
    console.log(`  ${describeStarts(serverCommand, serverStart)}`);
  }
  console.log(JSON.stringify(figures));
  const failedStart =
    (npmStart !== undefined && 'error' in npmStart) ||
    (serverStart !== undefined && 'error' in serverStart);
  if ((me && (me.non2xx > 0 || me.errors > 0)) || nonOk || failedStart) {
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await killEverything([dataDir]);
  fs.rmSync(root, { recursive: true, force: true });
}
