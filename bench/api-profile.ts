/**
 * Where Stoop's time goes on the requests of Node's floor (issue 30, decision 060): for each of
 * them (GET /api/me with the session, the filtered search of bench/lib/api-floor.ts), the server
 * runs under `node --cpu-prof` on a seeded data dir, takes a warm-up and then `--duration`
 * seconds of load at `--connections`, and stops; the samples of the measured seconds are summed
 * by package and by function, self and inclusive time, in µs per request.
 *
 *   npx tsx bench/api-profile.ts --profile DIR [--duration 5] [--connections 50] [--top 20]
 *
 * The profiles stay in DIR (`me.cpuprofile`, `search.cpuprofile`), to open in Chrome's DevTools.
 * The last line printed is JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/lib/build-server.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed.ts';
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
import { FLOOR_REQUESTS } from './lib/api-floor.ts';
import {
  type CpuProfile,
  describeProfile,
  type ProfileSummary,
  profileClockUs,
  summarizeProfile,
} from './lib/cpu-profile.ts';
import { onePath, runLoad } from './lib/load.ts';

const { values } = parseArgs({
  options: {
    profile: { type: 'string' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    top: { type: 'string', default: '20' },
    /** V8's sampling interval in µs (its default is 1000). */
    interval: { type: 'string', default: '100' },
  },
});
if (!values.profile) {
  console.error('usage: npx tsx bench/api-profile.ts --profile DIR [--duration 5]');
  process.exit(2);
}
const PROFILE_DIR = path.resolve(values.profile);
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const TOP = Number(values.top);

const root = makeDataRoot('stoop-profile-');
const dataDir = path.join(root, 'data');
const results: Record<string, ProfileSummary & { requests: number; requestsPerSec: number }> = {};
try {
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  await buildServer(); // the bundle of the sources as they are now
  // The data dir made (initdb, migrations, demo data), unprofiled.
  const first = await spawnServer({ dataDir });
  await waitHealthy(first);
  await stopServer(first);

  for (const request of FLOOR_REQUESTS) {
    const name = `${request.name}.cpuprofile`;
    fs.rmSync(path.join(PROFILE_DIR, name), { force: true });
    const [node, ...args] = SERVER_COMMAND;
    const server = await spawnServer({
      dataDir,
      command: [
        node as string,
        '--cpu-prof',
        `--cpu-prof-dir=${PROFILE_DIR}`,
        `--cpu-prof-name=${name}`,
        `--cpu-prof-interval=${values.interval}`,
        ...args,
      ],
    });
    await waitHealthy(server);
    // Signed in on this very process, as api-baseline.ts does (and as production is once anyone
    // has signed in): better-auth's first call changes what every later promise costs on Node 20
    // (decision 060).
    const cookie = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
    const headers: Record<string, string> = request.session ? { cookie } : {};
    const load = (seconds: number) =>
      runLoad({
        ...onePath(`${server.baseUrl}${request.path}`, headers),
        connections: CONNECTIONS,
        seconds,
      });
    console.log(`${request.label}: warm-up ${WARMUP_S} s, profiled ${DURATION_S} s …`);
    await load(WARMUP_S);
    const fromUs = profileClockUs();
    const run = await load(DURATION_S);
    const toUs = profileClockUs();
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`${request.path}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    await stopServer(server); // the profile is written as the process exits
    const profile = JSON.parse(fs.readFileSync(path.join(PROFILE_DIR, name), 'utf8')) as CpuProfile;
    const summary = summarizeProfile(profile, { fromUs, toUs, root: REPO_ROOT, top: TOP });
    results[request.name] = {
      ...summary,
      requests: run.requests,
      requestsPerSec: run.requestsPerSec,
    };
    console.log('');
    console.log(
      `${request.label}: ${request.path}, ${run.requestsPerSec} req/s under the profiler (${CONNECTIONS} connections, ${DURATION_S} s)`,
    );
    for (const line of describeProfile(summary, run.requests)) console.log(line);
    console.log('');
  }
  console.log(JSON.stringify({ bench: 'api-profile', dir: PROFILE_DIR, ...results }));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await killEverything([dataDir]);
  fs.rmSync(root, { recursive: true, force: true });
}
