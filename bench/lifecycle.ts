/**
 * Issue 10's lifecycle figures, timed (the lifecycle tests check the same events in order and
 * never against the clock, issue 48): the production bundle as a real process on the embedded
 * PostgreSQL, with a signed-in user's reads going on and a live stream open.
 *
 *  - SIGTERM, the stream open: until node has exited and its postmaster is gone (goal 5 s);
 *  - kill -9 of node: until its postmaster is gone (goal 5 s), and the next start, at once on
 *    the same port, healthy after its spawn (goal 15 s);
 *  - kill -9 of the postmaster: until the server's restarted postmaster is ready, and health
 *    answering 200 after that (goal 15 s).
 *
 *   npx tsx bench/lifecycle.ts [--runs 3] [--keep]
 *
 * Each figure is the median and the largest of the runs; the last line is JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/lib/build-server.ts';
import {
  isAlive,
  killEverything,
  makeDataRoot,
  postmasterPid,
  signIn,
  sleep,
  spawnServer,
  stopServer,
  waitFor,
  waitHealthy,
} from '../src/server/test/server-process.ts';
import { round, summary } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    /** Keep the data dir (and the server logs beside it) for a look afterwards. */
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const ENV = { SEED_DEMO_DATA: 'false' };
const PASSWORD = 'lifecycle-pass-1';
/** Issue 10's goals, in ms. */
const GOALS = { sigtermStopMs: 5_000, kill9PostgresGoneMs: 5_000, healthyAfterSpawnMs: 15_000 };
const GOAL_HEALTHY_AFTER_DB_BACK_MS = 15_000;

/** A new renter, signed in: the session cookie. */
async function signedInRenter(baseUrl: string): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@stoop.test`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench Renter', userType: 'renter' }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return signIn(baseUrl, email, PASSWORD);
}

/** A live stream (GET /api/events) held open until the server ends it or `close()`. */
async function openStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  void res.arrayBuffer().catch(() => {});
  return { close: () => controller.abort() };
}

/** Reads from four loops until stopped, as the lifecycle tests' load. */
function startReads(baseUrl: string, cookie: string) {
  const paths = ['/api/listings', '/api/me', '/api/health', '/api/messages/unread-count'];
  let stopped = false;
  const loops = paths.map(async (url) => {
    while (!stopped) {
      try {
        const res = await fetch(`${baseUrl}${url}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
      } catch {
        await sleep(20);
      }
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

/** The postmaster's pid once postmaster.pid says it accepts connections ("ready", line 8). */
function readyPostmaster(pgData: string): number | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return lines[7]?.trim() === 'ready' && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function running(dataDir: string, port?: number) {
  const server = await spawnServer({ dataDir, port, env: ENV });
  await waitHealthy(server, { timeoutMs: 120_000 });
  const cookie = await signedInRenter(server.baseUrl);
  const stream = await openStream(server.baseUrl, cookie);
  const stopReads = startReads(server.baseUrl, cookie);
  return { server, cookie, stream, stopReads };
}

const pgDirOf = (dataDir: string) => path.join(dataDir, 'pg');

await buildServer();
const root = makeDataRoot('stoop-bench-lifecycle-');
const dataDir = path.join(root, 'data');
const figures = {
  sigtermStopMs: [] as number[],
  kill9PostgresGoneMs: [] as number[],
  healthyAfterSpawnMs: [] as number[],
  postmasterBackMs: [] as number[],
  healthyAfterDbBackMs: [] as number[],
};
try {
  for (let run = 1; run <= RUNS; run++) {
    // SIGTERM with a live stream open, as in server.lifecycle.test.ts (the reads stopped first).
    let live = await running(dataDir);
    await live.stopReads();
    const postmaster = postmasterPid(pgDirOf(dataDir)) ?? -1;
    const termAt = performance.now();
    await stopServer(live.server);
    await waitFor(() => !isAlive(postmaster), 60_000);
    figures.sigtermStopMs.push(performance.now() - termAt);
    live.stream.close();

    // kill -9 of node, then the next start at once on the same port.
    live = await running(dataDir);
    const port = live.server.port;
    const orphan = postmasterPid(pgDirOf(dataDir)) ?? -1;
    const killedAt = performance.now();
    process.kill(live.server.pid, 'SIGKILL');
    const goneWatch = waitFor(() => !isAlive(orphan), 60_000, 10).then(
      () => performance.now() - killedAt,
    );
    await live.server.exited;
    await live.stopReads();
    live.stream.close();
    const spawnedAt = performance.now();
    const next = await spawnServer({ dataDir, port, env: ENV });
    figures.healthyAfterSpawnMs.push(
      await waitHealthy(next, { since: spawnedAt, timeoutMs: 120_000, intervalMs: 20 }),
    );
    figures.kill9PostgresGoneMs.push(await goneWatch);
    await stopServer(next);

    // kill -9 of the postmaster under the server, which restarts it.
    live = await running(dataDir);
    const victim = postmasterPid(pgDirOf(dataDir)) ?? -1;
    const pgKilledAt = performance.now();
    process.kill(victim, 'SIGKILL');
    await waitFor(
      () => {
        const pid = readyPostmaster(pgDirOf(dataDir));
        return pid !== undefined && pid !== victim;
      },
      120_000,
      10,
    );
    const backAt = performance.now();
    figures.postmasterBackMs.push(backAt - pgKilledAt);
    figures.healthyAfterDbBackMs.push(
      await waitHealthy(live.server, { since: backAt, timeoutMs: 120_000, intervalMs: 20 }),
    );
    await live.stopReads();
    live.stream.close();
    await stopServer(live.server);
    console.log(
      `run ${run}: SIGTERM ${round(figures.sigtermStopMs.at(-1) ?? 0, 0)} ms; kill -9 node: ` +
        `postgres gone ${round(figures.kill9PostgresGoneMs.at(-1) ?? 0, 0)} ms, next start ` +
        `healthy ${round(figures.healthyAfterSpawnMs.at(-1) ?? 0, 0)} ms; kill -9 postmaster: ` +
        `back ${round(figures.postmasterBackMs.at(-1) ?? 0, 0)} ms, healthy ` +
        `${round(figures.healthyAfterDbBackMs.at(-1) ?? 0, 0)} ms after`,
    );
  }
} finally {
  await killEverything([dataDir]);
  if (!values.keep) fs.rmSync(root, { recursive: true, force: true });
  else console.log(`data dir kept: ${root}`);
}

const goals: Record<keyof typeof figures, number | null> = {
  ...GOALS,
  postmasterBackMs: null,
  healthyAfterDbBackMs: GOAL_HEALTHY_AFTER_DB_BACK_MS,
};
const results = Object.fromEntries(
  Object.entries(figures).map(([name, times]) => {
    const { p50, max } = summary(times);
    const goal = goals[name as keyof typeof figures];
    return [
      name,
      { p50: round(p50, 0), max: round(max, 0), goal, met: goal === null || max <= goal },
    ];
  }),
);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name}: median ${r.p50} ms, max ${r.max} ms${r.goal ? ` (goal ${r.goal} ms)` : ''}`,
  );
}
console.log(JSON.stringify({ bench: 'lifecycle', runs: RUNS, ...results }));
