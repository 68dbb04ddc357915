import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes for the lifecycle tests and the benchmarks: the server bundle as
 * production runs it (`node dist-server/index.mjs`, built by scripts/lib/build-server.ts before
 * the run), or another command, on a temp DATA_DIR and a free port, with its output in files,
 * and the process bookkeeping to check that nothing outlives it.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_COMMAND = [process.execPath, '--enable-source-maps', 'dist-server/index.mjs'];

export type ExitInfo = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** Resolves when the process has exited. */
  exited: Promise<ExitInfo>;
  stdout(): string;
  stderr(): string;
};

const running = new Set<ServerProcess>();

/** A folder for DATA_DIRs that the `postgres` OS user can enter (mkdtemp makes it 700). */
export function makeDataRoot(prefix = 'stoop-lifecycle-'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(root, 0o755);
  return root;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the server. It stays in our process group, so whatever stops the test run (Ctrl-C, a
 * signal to the group) stops it too; its embedded postgres and watchdog run in groups of their
 * own, and are stopped by the server.
 */
export async function spawnServer(options: {
  dataDir: string;
  port?: number;
  command?: string[];
  env?: Record<string, string>;
  /** An external PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const [file, ...args] = options.command ?? SERVER_COMMAND;
  if (!file) throw new Error('empty command');
  const logBase = `${options.dataDir.replace(/\/+$/, '')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const outFile = `${logBase}.out.log`;
  const errFile = `${logBase}.err.log`;
  const out = fs.openSync(outFile, 'w');
  const err = fs.openSync(errFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    BASE_URL: baseUrl,
    LOG_LEVEL: 'info',
    ...options.env,
  };
  // The embedded server unless the test names one: an ambient DATABASE_URL must not leak in.
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(file, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', out, err],
  });
  fs.closeSync(out);
  fs.closeSync(err);
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  const server: ServerProcess = {
    child,
    pid: child.pid ?? -1,
    port,
    baseUrl,
    dataDir: options.dataDir,
    exited,
    stdout: () => fs.readFileSync(outFile, 'utf8'),
    stderr: () => fs.readFileSync(errFile, 'utf8'),
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Polls GET /api/health until 200; returns the milliseconds since `since`. */
export async function waitHealthy(
  server: ServerProcess,
  options: { timeoutMs?: number; intervalMs?: number; since?: number } = {},
): Promise<number> {
  const since = options.since ?? performance.now();
  const deadline = since + (options.timeoutMs ?? 60_000);
  let exitInfo: ExitInfo | undefined;
  void server.exited.then((info) => {
    exitInfo = info;
  });
  while (performance.now() < deadline) {
    if (exitInfo) {
      throw new Error(
        `server exited (${exitInfo.signal ?? `code ${exitInfo.code}`}) before it was healthy:\n${server.stderr()}\n${tail(server.stdout())}`,
      );
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (res.status === 200) {
        await res.arrayBuffer();
        return performance.now() - since;
      }
    } catch {
      // not listening yet
    }
    await sleep(options.intervalMs ?? 50);
  }
  throw new Error(`server not healthy in time:\n${server.stderr()}\n${tail(server.stdout())}`);
}

/**
 * Sends a signal to the spawned process and every descendant in its process group: a wrapper
 * (npm, sh, tsx) and the server alike, not the postgres and watchdog groups the server owns.
 */
export function signal(server: ServerProcess, name: NodeJS.Signals): void {
  for (const pid of processTree(server.pid)) killQuietly(pid, name);
}

function processTree(root: number): number[] {
  const all = allProcesses();
  const group = all.find((p) => p.pid === root)?.pgid;
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const p of all) {
      if (p.ppid === tree[i] && p.pgid === group) tree.push(p.pid);
    }
  }
  return tree;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with how it exited. */
export async function stopServer(server: ServerProcess, graceMs = 10_000): Promise<ExitInfo> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  signal(server, 'SIGTERM');
  const timer = setTimeout(() => signal(server, 'SIGKILL'), graceMs);
  const info = await server.exited;
  clearTimeout(timer);
  return info;
}

/**
 * Kills every server this process spawned and still running, and every postgres (and watchdog)
 * still holding one of the given data dirs. For test clean-up, also after a failure.
 */
export async function killEverything(dataDirs: string[]): Promise<void> {
  for (const server of [...running]) {
    signal(server, 'SIGKILL');
    await server.exited;
  }
  for (const dataDir of dataDirs) {
    const pid = postmasterPid(path.join(dataDir, 'pg'));
    if (!pid || !isAlive(pid)) continue;
    for (const watchdog of watchdogsOf(pid)) killQuietly(watchdog, 'SIGKILL');
    killQuietly(pid, 'SIGQUIT'); // immediate shutdown
    await waitFor(() => !isAlive(pid), 5_000).catch(() => killQuietly(pid, 'SIGKILL'));
  }
}

/** The postmaster's pid from PGDATA/postmaster.pid, when the file exists. */
export function postmasterPid(pgDataDir: string): number | undefined {
  return postmasterInfo(pgDataDir)?.pid;
}

/** pid and port from PGDATA/postmaster.pid (lines 1 and 4). */
export function postmasterInfo(pgDataDir: string): { pid: number; port: number } | undefined {
  const file = path.join(pgDataDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 ? { pid, port } : undefined;
}

/** Alive and not a zombie (an exited child nobody has reaped yet counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

type ProcInfo = { pid: number; ppid: number; pgid: number; comm: string; argv: string[] };

function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [, ppid, pgid] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    if (ppid === undefined || pgid === undefined) return undefined;
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (argv.at(-1) === '') argv.pop();
    return { pid, ppid, pgid, comm, argv };
  } catch {
    return undefined;
  }
}

function allProcesses(): ProcInfo[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => procInfo(Number(entry)))
    .filter((info): info is ProcInfo => info !== undefined);
}

/** Live children of a process (read from /proc: no procps needed). */
export function childrenOf(pid: number): ProcInfo[] {
  return allProcesses().filter((p) => p.ppid === pid && isAlive(p.pid));
}

/** The watchdog shells (`sh -c … <postgres pid>`) guarding a postmaster. */
export function watchdogsOf(postgresPid: number): number[] {
  return allProcesses()
    .filter(
      (p) =>
        p.comm === 'sh' &&
        p.argv[2]?.startsWith('cat >/dev/null') === true &&
        p.argv.at(-1) === String(postgresPid),
    )
    .map((p) => p.pid);
}

export function killQuietly(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

export async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  intervalMs = 50,
): Promise<number> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) {
      throw new Error(`condition not met within ${timeoutMs} ms`);
    }
    await sleep(intervalMs);
  }
  return performance.now() - start;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Signs in through the HTTP API; returns the session cookie header. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter(Boolean)
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/** What a server printed last: its stderr and the end of its log, for a failure message. */
export function lastWords(server: ServerProcess, lines = 40): string {
  return `--- stderr ---\n${server.stderr()}\n--- last ${lines} log lines ---\n${tail(server.stdout(), lines)}`;
}

function tail(text: string, lines = 20): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
