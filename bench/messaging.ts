/**
 * Messaging benchmark (issue 5, docs/architecture.md §5 and §8):
 *  1. A database (DATABASE_URL, or an embedded PostgreSQL under --data-dir, default
 *     data/bench-messaging, reused between runs): `--streams` users in renter/landlord pairs with one
 *     conversation each, a "busy" landlord with 500 conversations (a few messages each, some
 *     unread), and `--messages` messages in all (most read, with their read records). Setup is
 *     idempotent: a second run only starts the cluster, drops the previous run's sends and reuses
 *     the sessions it saved in the data dir (sessions that expired are signed in again).
 *  2. The real server as its own process (`node dist-server/index.mjs`, the bundle built first).
 *  3. `--streams` SSE streams on GET /api/events, each signed in with its own session cookie; the
 *     server's RSS before and after gives the memory per stream.
 *  4. `--rate` messages per second for `--duration` seconds, on a timer (open loop), round-robin
 *     over the pairs: send latency (POST round trip) and send-to-receive latency (just before the
 *     POST until the receiver's stream delivers `message.created` for it).
 *  5. Reads with the streams open, first paced (`--read-rate` per second, open loop: the issue's
 *     list and page budgets), then autocannon flat out (`--connections`, `--read-duration` s:
 *     docs/architecture.md §8's 50 clients): GET /api/conversations as the busy user, paged (issue
 * 17:
 *     every page read once first, checking each conversation comes once; then first pages and
 *     `cursor=` pages half and half; bytes per page reported)
 *     and GET /api/conversations/{id}/messages (newest page and `before=` cursors), with the
 *     streams still open, plus one client alone (service time) and the server's and PostgreSQL's
 *     CPU per request; then EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the services run.
 *  During the sends, pg_stat_activity is sampled (running, lock waits, WAL sync, idle in
 *  transaction) to show where a send's time goes. `--server-profile` writes a V8 CPU profile of
 *  the server to DATA_DIR/profiles. Needs `ulimit -n` of at least streams + 500 (checked).
 *
 *   npx tsx bench/messaging.ts [--streams 1000] [--rate 50] [--duration 60] [--messages 1000000]
 *                              [--connections 50] [--read-duration 20] [--data-dir data/bench-messaging]
 *   npx tsx bench/messaging.ts --quick      # smoke run: 50 streams, 10/s for 5 s, 20,000 messages
 *                                           # (own data dir: data/bench-messaging-quick)
 *   npx tsx bench/messaging.ts --streams 2 --rate 1 --duration 1 --messages 20000 \
 *     --data-dir data/bench-inbox           # the reads alone: the busy inbox at 50 clients
 *
 * The last line printed is JSON.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { loadAverage, openFileLimit } from './lib/proc.ts';
import { type BenchServer, startBenchServer, stopBenchServer } from './lib/server.ts';
import { DATA_DIR, DOMAIN, LOG_LEVEL, SERVER_PROFILE, STREAMS } from './messaging/options.ts';
import { explainReads, runReads } from './messaging/reads.ts';
import { report } from './messaging/report.ts';
import { runSends } from './messaging/sends.ts';
import { prepareData } from './messaging/setup.ts';
import { LiveStreams } from './messaging/streams.ts';

async function main() {
  const loadAtStart = loadAverage();
  const fdLimit = openFileLimit();
  if (fdLimit < STREAMS + 500) {
    throw new Error(
      `open-file limit ${fdLimit} is too low for ${STREAMS} streams: run \`ulimit -n ${STREAMS * 2 + 1000}\` first`,
    );
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.chmodSync(DATA_DIR, 0o755);
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, 'pg') });
    url = embedded.url;
  }
  const database = createDatabase(url, { max: 4 });
  let server: BenchServer | undefined;
  let live: LiveStreams | undefined;
  const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const apiAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  try {
    await runMigrations(url);
    // The previous run's sends, events and send counters: every run starts from the same data.
    // Only the bench's own users' rows: DATABASE_URL may name a database with other data.
    const bench = `(select id from users where email like '%@${DOMAIN}')`;
    await database.pool.query(
      `delete from messages where sender_id in ${bench} and idempotency_key like 'send-%'`,
    );
    await database.pool.query(`delete from events where user_id in ${bench}`);
    await database.pool.query(`delete from message_send_counters where user_id in ${bench}`);

    server = await startBenchServer({
      databaseUrl: url,
      dataDir: DATA_DIR,
      env: {
        LOG_LEVEL,
        AUTH_IP_RATE_LIMITS: 'false',
        MESSAGE_SEND_LIMIT_PER_MINUTE: '100000',
      },
      nodeFlags: SERVER_PROFILE
        ? ['--cpu-prof', '--cpu-prof-dir', path.join(DATA_DIR, 'profiles')]
        : [],
    });
    const base = new URL(server.baseUrl);
    const { logFile, pid: serverPid } = server;
    const postmasterPid = embedded?.pid;

    const { busy, pairUsers, pairConversations, totalMessages, seedMs } = await prepareData(
      database,
      base,
      apiAgent,
    );
    live = new LiveStreams(base, streamAgent);
    const streamUsers = pairUsers.flatMap((p) => [p.renter, p.landlord]);
    const streamFigures = await live.openAll(streamUsers, serverPid);
    const pairs = { database, base, apiAgent, pairUsers, pairConversations };
    const sends = await runSends({ ...pairs, live, serverPid, postmasterPid });
    const reads = await runReads({ ...pairs, busy, totalMessages, serverPid, postmasterPid });
    const loadAtEnd = loadAverage();
    const streamsOpenAtEnd = live.streams.filter((s) => !s.closed).length;
    const plans = await explainReads({ ...pairs, busy, listPages: reads.listPages });
    report({
      logFile,
      live,
      streamFigures,
      sends,
      reads,
      plans,
      totalMessages,
      seedMs,
      postgresMeasured: embedded !== undefined,
      loadAtStart,
      loadAtEnd,
      streamsOpenAtEnd,
    });
  } finally {
    live?.close();
    streamAgent.destroy();
    apiAgent.destroy();
    await stopBenchServer(server);
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
