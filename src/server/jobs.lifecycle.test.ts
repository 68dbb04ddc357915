import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { debianClusterForDescribe, lifecycleDataDirs } from './test/lifecycle-dirs.ts';
import {
  isAlive,
  killQuietly,
  lastWords,
  postmasterInfo,
  type ServerProcess,
  signal,
  sleep,
  spawnServer,
  stopServer,
  waitFor,
  waitHealthy,
} from './test/server-process.ts';

/**
 * Durable jobs across `kill -9` of the server (decision 025): a mail job due later is enqueued
 * through the server's database, the server is killed, the job falls due while nothing runs,
 * and the next start delivers the mail. On the embedded PostgreSQL (which dies with the server)
 * and on Debian's PostgreSQL through DATABASE_URL (which stays up).
 *
 * The job is enqueued an hour ahead and made due by the test once the server is down, through
 * graphile-worker's own add_job on its key: the kill comes before the due time by construction,
 * not by a wait the machine's speed could outrun (issue 48).
 */

/** Not due while the first server runs, however slowly the test gets to its kill. */
const NOT_DUE_FOR_MS = 3_600_000;

const { newDataDir } = lifecycleDataDirs('stoop-jobs-');

/** A superuser connection to the embedded cluster of a running server. */
function embeddedUrl(dataDir: string): string {
  const pgData = path.join(dataDir, 'pg');
  const info = postmasterInfo(pgData);
  if (!info) throw new Error('no postmaster.pid');
  const password = fs.readFileSync(`${pgData}.password`, 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${info.port}/postgres`;
}

/** Stores a mail and enqueues its `mail.send` job due in `dueInMs`, as the mailer would. */
async function enqueueDueMail(
  url: string,
  to: string,
  dueInMs = NOT_DUE_FOR_MS,
): Promise<{ mailId: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into outbox_emails ("to", subject, text, html)
       values ($1, 'Due while down', 'due', '<p>due</p>') returning id`,
      [to],
    );
    const mailId = rows[0]?.id ?? '';
    await client.query(
      `select graphile_worker.add_job('mail.send', json_build_object('mailId', $1::text),
         run_at => now() + make_interval(secs => $2), job_key => 'mail:' || $1)`,
      [mailId, dueInMs / 1000],
    );
    await client.query('commit');
    return { mailId };
  } finally {
    await client.end();
  }
}

/** The mail's `mail.send` job made due now (add_job on the same key replaces the waiting one). */
async function makeDue(url: string, mailId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `select graphile_worker.add_job('mail.send', json_build_object('mailId', $1::text),
         run_at => now() - interval '1 second', job_key => 'mail:' || $1)`,
      [mailId],
    );
    const { rows } = await client.query<{ due: boolean }>(
      `select run_at <= now() as due from graphile_worker.jobs where key = 'mail:' || $1`,
      [mailId],
    );
    expect(rows).toEqual([{ due: true }]);
  } finally {
    await client.end();
  }
}

/** The embedded cluster of a stopped server, started alone for `task` and stopped again. */
async function withStoppedServersCluster(
  dataDir: string,
  task: (url: string) => Promise<void>,
): Promise<void> {
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'pg'),
    restart: false,
    whenRunning: 'refuse',
  });
  try {
    await task(cluster.url);
  } finally {
    await cluster.stop();
  }
}

async function mailboxHas(server: ServerProcess, to: string): Promise<boolean> {
  const res = await fetch(`${server.baseUrl}/api/dev/mailbox`);
  if (res.status !== 200) return false;
  const { items } = (await res.json()) as { items: { to: string }[] };
  return items.some((mail) => mail.to === to);
}

async function sentAt(url: string, mailId: string): Promise<Date | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ sent_at: Date | null }>(
      'select sent_at from outbox_emails where id = $1',
      [mailId],
    );
    return rows[0]?.sent_at ?? null;
  } finally {
    await client.end();
  }
}

/** kill -9 of the server process (and its wrapper, if any); its postgres is the caller's business. */
async function kill9(server: ServerProcess): Promise<void> {
  signal(server, 'SIGKILL');
  expect((await server.exited).signal).toBe('SIGKILL');
}

/**
 * Polls until `check` holds, up to `timeoutMs`; a timeout says what the server printed last, so
 * a failure on a loaded CI machine can be read rather than guessed at.
 */
async function eventually(
  check: () => Promise<boolean>,
  server: ServerProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (performance.now() > deadline) {
      throw new Error(`not within ${timeoutMs} ms\n${lastWords(server)}`);
    }
    await sleep(100);
  }
}

/**
 * A job whose first attempts meet the outage's last dropped connections is retried with
 * graphile-worker's backoff (e^1 + e^2 + e^3 ≈ 30 s before a fourth attempt): the bound for a job
 * enqueued right after an outage.
 */
const AFTER_OUTAGE_MS = 60_000;

const ENV = { SEED_DEMO_DATA: 'false' };

describe('a job due while the server is down (kill -9)', () => {
  it('runs after the restart, on the embedded PostgreSQL', async () => {
    const dataDir = newDataDir('embedded');
    const first = await spawnServer({ dataDir, env: ENV });
    await waitHealthy(first);
    const health = await (await fetch(`${first.baseUrl}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', db: 'ok', jobs: 'ok' });
    const to = `due-${Date.now()}@stoop.test`;
    const { mailId } = await enqueueDueMail(embeddedUrl(dataDir), to);
    const postmaster = postmasterInfo(path.join(dataDir, 'pg'))?.pid ?? -1;

    await kill9(first);
    await waitFor(() => !isAlive(postmaster), 10_000); // postgres goes down with it
    // Killed an hour before it was due: the mail waits; then it falls due while nothing runs.
    await withStoppedServersCluster(dataDir, async (url) => {
      expect(await sentAt(url, mailId)).toBeNull();
      await makeDue(url, mailId);
    });

    const second = await spawnServer({ dataDir, env: ENV });
    await waitHealthy(second);
    await eventually(() => mailboxHas(second, to), second);
    expect(await sentAt(embeddedUrl(dataDir), mailId)).toBeInstanceOf(Date);
    expect(await stopServer(second)).toEqual({ code: 0, signal: null });
  });

  it('keeps running jobs after its PostgreSQL was killed with -9 and restarted', {
    timeout: 180_000,
  }, async () => {
    const dataDir = newDataDir('postmaster');
    // The runner's own retries and reconnects log at debug: a failure shows them.
    const server = await spawnServer({ dataDir, env: { ...ENV, LOG_LEVEL: 'debug' } });
    await waitHealthy(server);
    const postmaster = postmasterInfo(path.join(dataDir, 'pg'))?.pid ?? -1;
    killQuietly(postmaster, 'SIGKILL');
    await waitFor(() => !isAlive(postmaster), 10_000);
    // The server starts its postgres again; the runner reconnects (or restarts) by itself.
    await eventually(
      async () => {
        const res = await fetch(`${server.baseUrl}/api/health`).catch(() => undefined);
        if (res?.status !== 200) return false;
        return ((await res.json()) as { jobs?: string }).jobs === 'ok';
      },
      server,
      60_000,
    );
    const to = `after-outage-${Date.now()}@stoop.test`;
    await enqueueDueMail(embeddedUrl(dataDir), to, 0);
    await eventually(() => mailboxHas(server, to), server, AFTER_OUTAGE_MS);
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  });
});

describe("a job due while the server is down, on Debian's PostgreSQL (DATABASE_URL)", () => {
  const cluster = debianClusterForDescribe();

  it('runs after the restart, and not before it', async () => {
    const { url } = cluster();
    const dataDir = newDataDir('external');
    const first = await spawnServer({ dataDir, databaseUrl: url, env: ENV });
    await waitHealthy(first);
    const version = new pg.Client({ connectionString: url });
    await version.connect();
    const { rows } = await version.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    );
    await version.end();
    console.info(`Debian PostgreSQL server_version_num ${rows[0]?.v}`);

    const to = `due-${Date.now()}@stoop.test`;
    const { mailId } = await enqueueDueMail(url, to);
    await kill9(first);
    // Killed an hour before it was due; now due, the database up, no server: it waits.
    await makeDue(url, mailId);
    await sleep(1_000);
    expect(await sentAt(url, mailId)).toBeNull();

    const second = await spawnServer({ dataDir, databaseUrl: url, env: ENV });
    await waitHealthy(second);
    await eventually(() => mailboxHas(second, to), second);
    expect(await sentAt(url, mailId)).toBeInstanceOf(Date);
    expect(await stopServer(second)).toEqual({ code: 0, signal: null });
  });
});
