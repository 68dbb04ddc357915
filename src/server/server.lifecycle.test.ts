import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/seed.ts';
import { lifecycleDataDirs } from './test/lifecycle-dirs.ts';
import {
  childrenOf,
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
  watchdogsOf,
} from './test/server-process.ts';

/**
 * The server as a real process on the embedded PostgreSQL (docs/architecture.md §3): kill -9,
 * SIGTERM, a leftover postmaster, a failing start, an unreachable DATA_DIR. The first test makes a
 * seeded cluster; the others start from a copy of it, so each stands on its own data dir.
 */

const USER_PASSWORD = 'lifecycle-pass-1';

const dirs = lifecycleDataDirs();
let seeded: string; // DATA_DIR of the first test, stopped cleanly afterwards

function newDataDir(name: string, from?: string): string {
  if (from && !fs.existsSync(path.join(from, 'pg', 'PG_VERSION'))) {
    throw new Error('the first test did not leave a cluster to copy');
  }
  return dirs.newDataDir(name, from);
}

const pgDir = (dataDir: string) => path.join(dataDir, 'pg');

/** The postmaster and its children (checkpointer, walwriter, backends …). */
function postgresFamily(dataDir: string): number[] {
  const pid = postmasterPid(pgDir(dataDir));
  if (!pid || !isAlive(pid)) throw new Error(`no live postmaster for ${dataDir}`);
  return [pid, ...childrenOf(pid).map((p) => p.pid)];
}

async function countUsers(dataDir: string): Promise<number> {
  const info = postmasterInfo(pgDir(dataDir));
  if (!info) throw new Error('no postmaster.pid');
  const password = fs.readFileSync(`${pgDir(dataDir)}.password`, 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: info.port,
    user: 'postgres',
    password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from users');
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

async function signUp(server: ServerProcess, email: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email, password: USER_PASSWORD, name: 'Kill Nine', userType: 'renter' }),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function me(server: ServerProcess, cookie: string) {
  const res = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { user: { email: string; userType: string } };
}

beforeAll(() => {
  seeded = path.join(dirs.root(), 'seeded');
});

describe('server lifecycle on the embedded PostgreSQL', () => {
  it('first start is healthy and seeded; SIGTERM ends the open live stream, then stops node and postgres', async () => {
    const dataDir = newDataDir('seeded');
    expect(dataDir).toBe(seeded);
    const server = await spawnServer({ dataDir });
    await waitHealthy(server);

    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', jobs: 'ok' });
    // Idle keep-alive connections outlive a balancer's 60 s (src/server/lib/connection-timeouts.ts).
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    const cookie = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
    expect((await me(server, cookie)).user).toMatchObject({
      email: 'renter@stoop.test',
      userType: 'renter',
    });

    // An open live stream must not hold the shutdown up.
    const events = await fetch(`${server.baseUrl}/api/events`, { headers: { cookie } });
    expect(events.status).toBe(200);
    const reader = events.body?.getReader();
    const firstChunk = new TextDecoder().decode((await reader?.read())?.value);
    expect(firstChunk).toContain('retry:');
    // How the stream ends: 'ended' when the server finished it (live streams end first in the
    // shutdown), 'cut' when its socket went without that (the grace period's closeAll, or exit).
    const streamEnded = (async () => {
      try {
        while (!(await reader?.read())?.done) {}
        return 'ended';
      } catch {
        return 'cut';
      }
    })();

    const family = postgresFamily(dataDir);
    const watchdogs = watchdogsOf(family[0] as number);
    expect(watchdogs).toHaveLength(1);
    // In order, not against the clock (issue 48; bench/lifecycle.ts times it against issue
    // 10's 5 s): the open stream is ended by the server, which then exits 0 having stopped
    // postgres, so no postmaster or backend outlives it.
    process.kill(server.pid, 'SIGTERM');
    expect(await streamEnded).toBe('ended');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(family.filter((pid) => isAlive(pid))).toEqual([]);
    expect(fs.existsSync(path.join(pgDir(dataDir), 'postmaster.pid'))).toBe(false);
    expect(server.stdout()).toMatch(/"msg":"stopped"/);
    // The watchdog was killed before postgres was stopped; it is gone once reaped.
    await waitFor(() => watchdogs.every((pid) => !isAlive(pid)), 30_000);
  });

  it('kill -9 leaves no postgres behind; the next start has every row', async () => {
    const dataDir = newDataDir('kill9', seeded);
    const email = `kill9-${Date.now()}@stoop.test`;
    const first = await spawnServer({ dataDir });
    await waitHealthy(first);
    const seededUsers = await countUsers(dataDir);
    await signUp(first, email);
    const usersBefore = await countUsers(dataDir);
    expect(usersBefore).toBe(seededUsers + 1);

    const family = postgresFamily(dataDir);
    process.kill(first.pid, 'SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // Its watchdog stops postgres (a fast shutdown, a forced one after 10 s): a generous wait,
    // as the time it takes is bench/lifecycle.ts's to measure (issue 48).
    const gone = await waitFor(() => family.every((pid) => !isAlive(pid)), 60_000);
    console.info(`kill -9 of node: its postgres gone after ${Math.round(gone)} ms`);

    const second = await spawnServer({ dataDir });
    await waitHealthy(second);
    const cookie = await signIn(second.baseUrl, email, USER_PASSWORD);
    expect((await me(second, cookie)).user.email).toBe(email);
    expect(await countUsers(dataDir)).toBe(usersBefore);
    await stopServer(second);
  });

  it('the built server runs on Node 24 too: healthy on the seeded data, signs in, stops cleanly', async () => {
    // The second Node version npm test covers, from the npm registry's node package (cached).
    const node24 = execFileSync('bash', ['scripts/ensure-node.sh'], { encoding: 'utf8' }).trim();
    expect(execFileSync(node24, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
    const dataDir = newDataDir('node24', seeded);
    const server = await spawnServer({
      dataDir,
      command: [node24, '--enable-source-maps', 'dist-server/index.mjs'],
    });
    await waitHealthy(server);
    expect(fs.readlinkSync(`/proc/${server.pid}/exe`)).toBe(fs.realpathSync(node24));
    const cookie = await signIn(server.baseUrl, 'renter@stoop.test', DEMO_PASSWORD);
    expect((await me(server, cookie)).user.email).toBe('renter@stoop.test');
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  }, 180_000); // run alone, the first call installs Node 24 into its cache

  it('stops a leftover postgres named by a stale postmaster.pid, then starts', async () => {
    const dataDir = newDataDir('leftover', seeded);
    const first = await spawnServer({ dataDir });
    await waitHealthy(first);
    const [leftover] = postgresFamily(dataDir);
    if (!leftover) throw new Error('no postmaster');
    const watchdogs = watchdogsOf(leftover);
    expect(watchdogs).toHaveLength(1);
    // The watchdog first, or it would stop postgres when node dies.
    for (const pid of watchdogs) killQuietly(pid, 'SIGKILL');
    await waitFor(() => watchdogs.every((pid) => !isAlive(pid)), 2_000);
    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    await sleep(500);
    expect(isAlive(leftover)).toBe(true); // orphaned, still holding the data dir

    const second = await spawnServer({ dataDir, env: { LOG_LEVEL: 'debug' } });
    await waitHealthy(second);
    expect(isAlive(leftover)).toBe(false);
    const now = postmasterPid(pgDir(dataDir));
    expect(now).not.toBe(leftover);
    expect(second.stdout()).toContain(`stopping a leftover PostgreSQL server (pid ${leftover})`);
    await signIn(second.baseUrl, 'landlord@stoop.test', DEMO_PASSWORD);
    await stopServer(second);
  });

  it('a second server on a data dir in use refuses instead of stopping its postgres', async () => {
    const dataDir = newDataDir('shared', seeded);
    const first = await spawnServer({ dataDir });
    await waitHealthy(first);
    const [postmaster] = postgresFamily(dataDir);
    const second = await spawnServer({ dataDir });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.stderr()).toContain('PostgreSQL is already running on');
    expect(second.stderr()).toContain('Stop the server first or set DATABASE_URL');
    expect(postmasterPid(pgDir(dataDir))).toBe(postmaster);
    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', jobs: 'ok' });
    await stopServer(first);
  });

  it("a failing start exits non-zero with postgres' own log lines", async () => {
    const dataDir = newDataDir('bad-conf', seeded);
    fs.appendFileSync(path.join(pgDir(dataDir), 'postgresql.conf'), "\nshared_buffers = 'a lot'\n");
    const server = await spawnServer({ dataDir });
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => undefined)]);
    expect(exit?.code).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toContain('PostgreSQL failed to start');
    expect(stderr).toMatch(/invalid value for parameter "shared_buffers": "a lot"/);
    expect(stderr).toMatch(/FATAL: {2}configuration file ".*postgresql\.conf" contains errors/);
    expect(postmasterPid(pgDir(dataDir))).toBeUndefined();
  });

  it.skipIf(process.getuid?.() !== 0)(
    'as root, a DATA_DIR the postgres user cannot reach stops with what to do',
    async () => {
      const hidden = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-private-'));
      fs.chmodSync(hidden, 0o700);
      try {
        const dataDir = path.join(hidden, 'data');
        dirs.track(dataDir);
        const server = await spawnServer({ dataDir });
        const exit = await Promise.race([server.exited, sleep(30_000).then(() => undefined)]);
        expect(exit?.code).toBe(1);
        const stderr = server.stderr();
        expect(stderr).toContain(`that user cannot reach ${path.join(dataDir, 'pg')}`);
        expect(stderr).toContain(`chmod o+x ${hidden}`);
        expect(stderr).toContain('set DATA_DIR to a folder outside it');
        expect(stderr).toContain('DATABASE_URL');
      } finally {
        fs.rmSync(hidden, { recursive: true, force: true });
      }
    },
  );
});
