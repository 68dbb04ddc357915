/**
 * `npm run dev`: the API server under `tsx watch` on PORT 3001 and Vite's dev server (5173,
 * proxying /api and /media to it, see vite.config.ts). Ctrl-C or either one exiting stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const API_PORT = '3001';
const WEB_ORIGIN = 'http://localhost:5173';
const STOP_TIMEOUT_MS = 10_000;

const apiEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: API_PORT,
  TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? WEB_ORIGIN,
  // Links in mails (password reset) must open the page the developer is on.
  BASE_URL: process.env.BASE_URL ?? WEB_ORIGIN,
};

// Each in its own process group, so stopping one stops its children too (tsx's child, esbuild).
const children: { name: string; child: ChildProcess }[] = [
  {
    name: 'api',
    child: spawn(bin('tsx'), ['watch', 'src/server/index.ts'], {
      cwd: root,
      env: apiEnv,
      stdio: 'inherit',
      detached: true,
    }),
  },
  {
    name: 'web',
    child: spawn(bin('vite'), [], {
      cwd: root,
      env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${API_PORT}` },
      stdio: 'inherit',
      detached: true,
    }),
  },
];

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid || !running(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

let stopping = false;
async function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) signalGroup(child, 'SIGTERM');
  const exited = Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (!running(child)) resolve();
          else child.once('exit', () => resolve());
        }),
    ),
  );
  const timer = setTimeout(() => {
    for (const { child } of children) signalGroup(child, 'SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  process.exit(exitCode);
}

for (const { name, child } of children) {
  child.once('error', (error) => {
    console.error(`npm run dev: could not start ${name}: ${error.message}`);
    void stopAll(1);
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`npm run dev: ${name} exited (${signal ?? `code ${code}`}); stopping the other.`);
    void stopAll(code === 0 ? 0 : 1);
  });
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));
