import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type DebianCluster,
  debianClusterForDescribe,
  lifecycleDataDirs,
} from './test/lifecycle-dirs.ts';
import {
  isAlive,
  killQuietly,
  postmasterInfo,
  postmasterPid,
  type ServerProcess,
  signIn,
  sleep,
  spawnServer,
  stopServer,
  waitFor,
  waitHealthy,
} from './test/server-process.ts';

/**
 * Faults of the database under a running server (issue 10, items 3 and 4): a stale
 * postmaster.pid naming someone else's process, the postmaster killed with -9 under load (the
 * embedded server, which the app restarts, and Debian's PostgreSQL through DATABASE_URL, which
 * the test restarts), and the server itself killed with -9 and started again at once.
 *
 * Judged by what happens and in what order, never by how long it took (issue 48): issue 10's
 * "within 15 s" figures are measured by bench/lifecycle.ts; here they are only printed.
 */

const PASSWORD = 'faults-pass-1';

const dirs = lifecycleDataDirs('stoop-faults-');
const { newDataDir } = dirs;
let seeded: string | undefined;
const decoys: number[] = [];

/** A data dir with a seeded cluster, made once by the first test that needs it. */
async function seededDataDir(name: string): Promise<string> {
  if (!seeded) {
    const dir = newDataDir('seeded');
    const server = await spawnServer({ dataDir: dir });
    await waitHealthy(server);
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
    seeded = dir;
  }
  return newDataDir(name, seeded);
}

const pgDir = (dataDir: string) => path.join(dataDir, 'pg');

type User = { cookie: string; id: string };

async function newUser(baseUrl: string, kind: 'renter' | 'landlord'): Promise<User> {
  const email = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@stoop.test`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD, name: `Fault ${kind}`, userType: kind }),
  });
  expect(res.status, await res.text()).toBe(200);
  const cookie = await signIn(baseUrl, email, PASSWORD);
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  expect(me.status).toBe(200);
  const { user } = (await me.json()) as { user: { id: string } };
  return { cookie, id: user.id };
}

/** One SSE connection to /api/events, collecting its events. */
class EventStream {
  readonly events: EventSourceMessage[] = [];
  ended = false;
  private readonly controller = new AbortController();

  static async open(baseUrl: string, cookie: string, lastEventId?: string) {
    const stream = new EventStream();
    const res = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: stream.controller.signal,
    });
    expect(res.status).toBe(200);
    void stream.read(res);
    return stream;
  }

  get lastId(): string | undefined {
    return this.events.at(-1)?.id;
  }

  close() {
    this.controller.abort();
  }

  private async read(res: Response) {
    const parser = createParser({ onEvent: (event) => this.events.push(event) });
    const decoder = new TextDecoder();
    try {
      const reader = res.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // the socket closing is an end too
    }
    this.ended = true;
  }
}

/**
 * Requests hitting the database from several loops at once until stopped: reads, and message
 * sends (a transaction each, on a client checked out of the pool) when a conversation is given.
 */
function startLoad(baseUrl: string, cookie: string, conversationId?: string) {
  const reads = ['/api/listings', '/api/me', '/api/health', '/api/messages/unread-count'];
  const counts = { ok: 0, failed: 0 };
  let stopped = false;
  let sent = 0;
  const request = (i: number) => {
    if (conversationId && i % 3 === 0) {
      return fetch(`${baseUrl}/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `load ${sent}`, idempotencyKey: `load-${i}-${sent++}` }),
        signal: AbortSignal.timeout(10_000),
      });
    }
    return fetch(`${baseUrl}${reads[i % reads.length]}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(10_000),
    });
  };
  const loops = Array.from({ length: 9 }, async (_, i) => {
    while (!stopped) {
      try {
        const res = await request(i);
        await res.arrayBuffer();
        if (res.ok) counts.ok++;
        else counts.failed++;
      } catch {
        counts.failed++;
        await sleep(20);
      }
    }
  });
  return {
    counts,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Message sends under load must not hit the per-minute limit. */
const LOAD_ENV = { MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' };

/**
 * Kills the postmaster with -9 while requests and a live stream are open; `bringBack` resolves
 * (with performance.now()) once PostgreSQL accepts connections again. Then: the server never
 * exited, the first health check after that (once the load has stopped) answers 200, with no
 * restart or reconnect delay in between, a signed-in user's requests work, and a message sent
 * after recovery reaches the stream (or its reconnect with Last-Event-ID, as a browser's).
 */
async function survivesPostmasterKill(
  server: ServerProcess,
  pgData: string,
  bringBack: (killedPid: number) => Promise<number>,
) {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  const renter = await newUser(server.baseUrl, 'renter');
  const landlord = await newUser(server.baseUrl, 'landlord');
  const created = await fetch(`${server.baseUrl}/api/conversations`, {
    method: 'POST',
    headers: { cookie: renter.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ participantId: landlord.id }),
  });
  expect(created.status).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: string } };

  const stream = await EventStream.open(server.baseUrl, landlord.cookie);
  await waitFor(() => stream.events.some((e) => e.event === 'ready'), 10_000);
  const load = startLoad(server.baseUrl, renter.cookie, conversation.id);
  await waitFor(() => load.counts.ok >= 30, 20_000);

  const killed = postmasterPid(pgData);
  if (!killed) throw new Error('no postmaster');
  process.kill(killed, 'SIGKILL');
  const killedAt = performance.now();
  const backAt = await bringBack(killed);
  // The load stops first, so the check does not queue behind it for a pooled connection.
  await load.stop();
  const firstCheck = await fetch(`${server.baseUrl}/api/health`, {
    signal: AbortSignal.timeout(60_000),
  });
  const healthyMs = performance.now() - backAt;
  expect(exited, `server exited:\n${server.stderr()}`).toBe(false);
  expect(firstCheck.status, await firstCheck.clone().text()).toBe(200);
  expect(await firstCheck.json()).toMatchObject({ status: 'ok', db: 'ok' });

  // A signed-in user's requests work again.
  const me = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: landlord.cookie } });
  expect(me.status).toBe(200);

  const content = `after recovery ${Date.now()}`;
  const sent = await fetch(`${server.baseUrl}/api/conversations/${conversation.id}/messages`, {
    method: 'POST',
    headers: { cookie: renter.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ content, idempotencyKey: `recovery-${Date.now()}` }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const delivered = (s: EventStream) =>
    s.events.some((e) => e.event === 'message.created' && e.data.includes(content));
  // The stream open through the outage delivers it, or (if the outage ended it) a reconnect
  // from its last event id does.
  await waitFor(() => delivered(stream) || stream.ended, 20_000);
  let receiver = stream;
  if (!delivered(stream)) {
    receiver = await EventStream.open(server.baseUrl, landlord.cookie, stream.lastId);
    await waitFor(() => delivered(receiver), 20_000);
  }
  stream.close();
  receiver.close();
  expect(exited).toBe(false);
  return {
    downMs: Math.round(backAt - killedAt),
    healthyMs: Math.round(healthyMs),
    requestsOk: load.counts.ok,
    requestsFailed: load.counts.failed,
    sameStream: receiver === stream,
  };
}

/**
 * `sleep 600` as an orphan (parent init, as a process that reused a crashed postmaster's pid
 * would be) with default signal handling (a shell's `&` would make it ignore SIGINT and SIGQUIT).
 */
function spawnDecoy(user?: string): number {
  // A folder the decoy's user can write its pid into.
  const dir = path.join(dirs.root(), 'decoys');
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o1777);
  const pidOut = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.pid`);
  const asUser = user && process.getuid?.() === 0 ? ['runuser', '-u', user, '--'] : [];
  const [cmd, ...args] = [
    ...asUser,
    'setsid',
    '-f',
    'sh',
    '-c',
    'echo $$ > "$0.tmp" && mv "$0.tmp" "$0"; exec sleep 600',
    pidOut,
  ];
  execFileSync(cmd as string, args, { stdio: 'ignore' });
  const started = Date.now();
  while (!fs.existsSync(pidOut)) {
    if (Date.now() - started > 10_000) throw new Error('the decoy did not start');
    execFileSync('sleep', ['0.05']);
  }
  const pid = Number(fs.readFileSync(pidOut, 'utf8').trim());
  decoys.push(pid);
  return pid;
}

/** Line 8 of postmaster.pid is "ready" once the postmaster accepts connections. */
function readyPostmaster(pgData: string): number | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return lines[7]?.trim() === 'ready' && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

afterEach(() => {
  for (const pid of decoys.splice(0)) killQuietly(pid, 'SIGKILL');
});

describe('database faults on the embedded PostgreSQL', () => {
  // Root's process: pg_ctl (as the postgres user) cannot signal it, and Stoop, as root, sent it
  // SIGQUIT. The postgres user's: pg_ctl stopped it, and postgres refuses a lock file naming it.
  it.each(['root', 'postgres'] as const)(
    "a stale postmaster.pid naming a live process of %s's that is not postgres: it survives, the server starts",
    async (owner) => {
      const dataDir = await seededDataDir(`decoy-${owner}`);
      const pidFile = path.join(pgDir(dataDir), 'postmaster.pid');
      expect(fs.existsSync(pidFile)).toBe(false);
      const decoy = spawnDecoy(owner === 'postgres' ? 'postgres' : undefined);
      expect(isAlive(decoy)).toBe(true);
      // What a postmaster killed with -9 leaves behind, its pid reused by the decoy.
      fs.writeFileSync(
        pidFile,
        `${decoy}\n${pgDir(dataDir)}\n1700000000\n5432\n\n127.0.0.1\n  5432001         0\nready   \n`,
      );

      const server = await spawnServer({ dataDir, env: { LOG_LEVEL: 'debug' } });
      await waitHealthy(server);
      expect(isAlive(decoy)).toBe(true);
      expect(postmasterPid(pgDir(dataDir))).not.toBe(decoy);
      expect(server.stdout()).toContain(`names pid ${decoy}, which is not PostgreSQL`);
      expect(server.stdout()).not.toContain('stopping a leftover PostgreSQL server');
      expect(await stopServer(server)).toEqual({ code: 0, signal: null });
      expect(isAlive(decoy)).toBe(true);
    },
  );

  it('kill -9 of the postmaster under load: node stays up, restarts it, healthy once it is back, streams resume', async () => {
    const dataDir = await seededDataDir('postmaster-kill');
    const server = await spawnServer({ dataDir, env: LOAD_ENV });
    await waitHealthy(server);
    const figures = await survivesPostmasterKill(server, pgDir(dataDir), async (killed) => {
      // The app restarts it itself; "back" is when the new postmaster says it is ready.
      await waitFor(() => {
        const pid = readyPostmaster(pgDir(dataDir));
        return pid !== undefined && pid !== killed;
      }, 60_000);
      return performance.now();
    });
    console.info('embedded postmaster kill -9:', JSON.stringify(figures));
    // Its death and the restart are in the log, at error and warn level; the restart came
    // after the shortest of the server's delays (its first attempt), not a later backoff.
    const logged = server
      .stdout()
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { level: number; msg: string }];
        } catch {
          return [];
        }
      });
    const deaths = logged.filter((l) => l.level === 50 && /exited unexpectedly/.test(l.msg));
    expect(deaths).toHaveLength(1);
    expect(deaths[0]?.msg).toMatch(/\(SIGKILL\); restarting it in 200 ms$/);
    expect(logged.some((l) => l.level === 40 && /PostgreSQL restarted/.test(l.msg))).toBe(true);
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  });

  it('kill -9 of node under load: the next start, at once, on the same port, is healthy and serves', async () => {
    const dataDir = await seededDataDir('node-kill');
    const port = (await spawnServer({ dataDir }).then(async (first) => {
      await waitHealthy(first);
      const renter = await newUser(first.baseUrl, 'renter');
      const stream = await EventStream.open(first.baseUrl, renter.cookie);
      const load = startLoad(first.baseUrl, renter.cookie);
      await waitFor(() => load.counts.ok >= 50, 20_000);
      process.kill(first.pid, 'SIGKILL');
      await first.exited;
      await load.stop();
      stream.close();
      return first.port;
    })) as number;
    // Same HTTP port, started at once: the old postmaster may still be shutting down.
    const spawnedAt = performance.now();
    const second = await spawnServer({ dataDir, port });
    const healthyMs = await waitHealthy(second, { since: spawnedAt, timeoutMs: 90_000 });
    console.info(`kill -9 of node: next start healthy ${Math.round(healthyMs)} ms after spawn`);
    await newUser(second.baseUrl, 'renter');
    await stopServer(second);
  });
});

/** The newest installed PostgreSQL's binaries (pg_ctl). */
function debianBin(): string {
  return execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], {
    encoding: 'utf8',
  }).trim();
}

/** pg_ctl start as the cluster's owner; retried while the killed server's backends linger. */
async function restartDebianCluster(cluster: DebianCluster): Promise<number> {
  const bin = debianBin();
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const deadline = performance.now() + 60_000;
  for (;;) {
    const [cmd, ...args] = [
      ...asOwner,
      path.join(bin, 'pg_ctl'),
      'start',
      '-D',
      path.join(cluster.dir, 'data'),
      '-l',
      path.join(cluster.dir, 'server.log'),
      '-w',
      '-t',
      '60',
    ];
    const result = spawnSync(cmd as string, args, { encoding: 'utf8' });
    if (result.status === 0) return performance.now();
    if (performance.now() > deadline) {
      throw new Error(`pg_ctl start failed: ${result.stdout}${result.stderr}`);
    }
    await sleep(200);
  }
}

/**
 * The throwaway cluster commits asynchronously for speed (scripts/ensure-postgres.sh), so a kill -9
 * may lose the last few hundred milliseconds of commits: once, the conversation this test made just
 * before the kill. A crash test needs what was acknowledged to survive, as in production.
 */
async function commitDurably(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("ALTER SYSTEM SET synchronous_commit = 'on'");
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
  // The reload is a signal: the server's connections, opened after, must see it.
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const deadline = performance.now() + 5_000;
    for (;;) {
      const { rows } = await check.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      if (rows[0]?.synchronous_commit === 'on') break;
      if (performance.now() > deadline) throw new Error('synchronous_commit is still off');
      await sleep(50);
    }
  } finally {
    await check.end();
  }
}

describe("database faults on Debian's PostgreSQL (DATABASE_URL)", () => {
  const debian = debianClusterForDescribe();

  it('kill -9 of the postmaster under load: node stays up, healthy once it is restarted, streams resume', async () => {
    const cluster = debian();
    const { url } = cluster;
    await commitDurably(url);
    const dataDir = newDataDir('external');
    const server = await spawnServer({
      dataDir,
      databaseUrl: url,
      env: { ...LOAD_ENV, SEED_DEMO_DATA: 'false' },
    });
    await waitHealthy(server);
    const pgData = path.join(cluster.dir, 'data');
    const figures = await survivesPostmasterKill(server, pgData, async (killed) => {
      await waitFor(() => !isAlive(killed), 10_000);
      // Down for a while, as a real outage is: the server must keep answering (503) meanwhile.
      await sleep(2_000);
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      return restartDebianCluster(cluster);
    });
    console.info('Debian postmaster kill -9:', JSON.stringify(figures));
    expect(postmasterInfo(pgData)?.pid).not.toBeUndefined();
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  });
});
