/**
 * Crash safety (issue 17, "Faults"): a client sends 50 messages a second with unique content
 * through a real server process (the production bundle on the embedded PostgreSQL) while the
 * API process and the postmaster are killed with -9, in turn, several times each. The drill
 * restarts what died as a supervisor would (the API on the same port; the postmaster is
 * restarted by the API itself) and retries every unanswered send with the same idempotency
 * key. Then every acknowledged send must be in the database exactly once.
 *
 *   npx tsx bench/crash.ts [--api-kills 3] [--pg-kills 3] [--rate 50] [--senders 10]
 *     [--connections 6] [--settle 5] [--keep]
 *
 * `--connections 0` lifts the per-sender cap, so every retry goes out at once (decision 040: a
 * retry storm once kept the server saturated with pool timeouts for minutes).
 *
 * Prints lost / duplicated / recovery seconds per kill; the last line is JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/lib/build-server.ts';
import { runCrashDrill } from '../src/server/test/crash-drill.ts';
import { makeDataRoot } from '../src/server/test/server-process.ts';

const { values } = parseArgs({
  options: {
    'api-kills': { type: 'string', default: '3' },
    'pg-kills': { type: 'string', default: '3' },
    rate: { type: 'string', default: '50' },
    /** Renter-landlord pairs sharing the rate, each in its own conversation. */
    senders: { type: 'string', default: '10' },
    /** Requests each sender has open at once, as a browser's connections per host; 0: no cap. */
    connections: { type: 'string', default: '6' },
    /** Seconds of steady sending after each recovery, before the next kill. */
    settle: { type: 'string', default: '5' },
    /** Keep the data dir (and the server logs beside it) for a look afterwards. */
    keep: { type: 'boolean', default: false },
  },
});

await buildServer();
const root = makeDataRoot('stoop-crash-');
const dataDir = path.join(root, 'data');
try {
  const result = await runCrashDrill({
    dataDir,
    apiKills: Number(values['api-kills']),
    pgKills: Number(values['pg-kills']),
    rate: Number(values.rate),
    senders: Number(values.senders),
    connectionsPerSender: Number(values.connections),
    settleMs: Number(values.settle) * 1000,
    log: (line) => console.log(line),
  });
  const recovery = (kind: string) =>
    result.kills.filter((k) => k.kind === kind).map((k) => k.recoverySeconds);
  console.log(
    `\n${result.sent} sends at ${values.rate}/s over ${result.durationSeconds} s: ` +
      `${result.acknowledged} acknowledged, ${result.lost} lost, ${result.duplicated} duplicated, ` +
      `${result.unacknowledged} never answered, ${result.rejected} refused, ${result.retries} retries.`,
  );
  console.log(`recovery after kill -9 of the API (s): ${recovery('api').join(', ') || '-'}`);
  console.log(
    `recovery after kill -9 of PostgreSQL (s): ${recovery('postgres').join(', ') || '-'}`,
  );
  console.log(
    `after the kills: jobs run ${result.jobsRunAfterKills ? 'yes' : 'NO'}, search index current ${result.searchCurrentAfterKills ? 'yes' : 'NO'}; clean stop at the end: ${result.cleanStop ? 'yes' : 'NO'}`,
  );
  if (values.keep) console.log(`data and server logs kept in ${root}`);
  console.log(
    JSON.stringify({
      bench: 'crash',
      rate: Number(values.rate),
      senders: Number(values.senders),
      connections: Number(values.connections),
      ...result,
    }),
  );
  const healthy = result.cleanStop && result.jobsRunAfterKills && result.searchCurrentAfterKills;
  if (result.lost || result.duplicated || result.mismatchedIds || !healthy) {
    process.exitCode = 1;
  }
} finally {
  if (!values.keep) fs.rmSync(root, { recursive: true, force: true });
}
