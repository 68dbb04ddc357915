/** The real server as its own process, the way the benchmarks run it (production settings). */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../scripts/lib/build-server.ts';
import {
  freePort,
  REPO_ROOT,
  SERVER_COMMAND,
  sleep,
} from '../../src/server/test/server-process.ts';

export type BenchServer = { process: ChildProcess; pid: number; baseUrl: string; logFile: string };

/** Starts `src/server/index.ts` on `databaseUrl` and waits (up to 60 s) until it is healthy. */
export async function startBenchServer(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
}): Promise<BenchServer> {
  await buildServer(); // the bundle of the sources as they are now
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.dataDir, 'server.log');
  const out = fs.openSync(logFile, 'w');
  const [command, ...args] = SERVER_COMMAND;
  const child = spawn(command as string, [...(options.nodeFlags ?? []), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      BASE_URL: baseUrl,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) {
      throw new Error(`server exited:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (i > 600) throw new Error('server not healthy in 60 s');
    await sleep(100);
  }
  return { process: child, pid: child.pid as number, baseUrl, logFile };
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
export async function stopBenchServer(server: BenchServer | undefined): Promise<void> {
  const child = server?.process;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
