import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The postmaster as an OS process: finding a leftover one, waiting until a new one is ready,
 * the watchdog that kills it with Node, and the ordered stop. Used by embedded.ts.
 */

export type EmbeddedLogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Log = (line: string, level?: EmbeddedLogLevel) => void;
export type Binaries = { postgres: string; initdb: string; pg_ctl: string };
/** The OS user postgres runs as (root cannot run it); undefined when we are not root. */
export type RunAs = { uid: number; gid: number } | undefined;

export const SUPERUSER = 'postgres';
export const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 10_000;

/**
 * A Node process killed with SIGKILL before its watchdog ran (or a crash of the watchdog) can
 * leave a postmaster behind holding the data directory. Stop it before starting ours. `pid` has
 * been checked to be a postmaster on this data dir (leftoverPostmaster), and is checked again
 * before each signal: pg_ctl signals whatever pid the file names.
 */
export async function stopLeftoverServer(
  binaries: Binaries,
  dataDir: string,
  pid: number,
  runAs: RunAs,
  log: Log,
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
export function leftoverPostmaster(dataDir: string, log: Log): number | undefined {
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
export function liveNodeParent(pid: number): number | undefined {
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

export function waitUntilReady(child: ChildProcess, recent: string[], log: Log): Promise<void> {
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
export function startWatchdog(postgresPid: number): ChildProcess {
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

export async function terminate(child: ChildProcess, pid: number): Promise<void> {
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

export async function freeLoopbackPort(): Promise<number> {
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
export function childEnv(): NodeJS.ProcessEnv {
  return { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' };
}
