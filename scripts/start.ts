/**
 * `npm start`: builds the web app when dist/ is missing or older than its sources, bundles the
 * server (dist-server/, a fraction of a second), then runs it on plain Node as a child (migrate,
 * seed an empty database, serve on PORT, default 3000, with the data in DATA_DIR, default
 * ./data). The server never runs under tsx: its loader cost ~2 s of CPU at every start
 * (decision 021).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './lib/build-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** What the built app depends on; a change in any of these means rebuilding. */
const WEB_SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'public'];
const BUILT_INDEX = path.join(root, 'dist', 'index.html');
/** The server-rendering entry the same `vite build` writes (decision 075). */
const BUILT_RENDERER = path.join(root, 'dist-ssr', 'entry-server.js');

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function fail(message: string): never {
  console.error(`\nnpm start: ${message}\n`);
  process.exit(1);
}

function buildIfNeeded(): void {
  if (!fs.existsSync(path.join(root, 'src', 'web'))) {
    fail('the web app (src/web) does not exist yet, so there is nothing to build or serve.');
  }
  const built = fs.statSync(BUILT_INDEX, { throwIfNoEntry: false });
  const sources = Math.max(...WEB_SOURCES.map((entry) => newestMtime(path.join(root, entry))));
  if (built && built.mtimeMs >= sources && fs.existsSync(BUILT_RENDERER)) {
    console.log('Web app is up to date (dist/).');
    return;
  }
  console.log(built ? 'Web sources changed: rebuilding dist/ …' : 'Building the web app …');
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build'], { stdio: 'inherit' });
  if (result.error) fail(`could not run vite build: ${result.error.message}`);
  if (result.status !== 0) {
    fail(`vite build failed (exit ${result.status ?? result.signal}); the server was not started.`);
  }
  if (!fs.existsSync(BUILT_INDEX)) fail('vite build produced no dist/index.html.');
  if (!fs.existsSync(BUILT_RENDERER)) fail('vite build produced no dist-ssr/entry-server.js.');
}

buildIfNeeded();
const bundle = await buildServer();

const server = spawn(process.execPath, ['--enable-source-maps', bundle], { stdio: 'inherit' });
// Ctrl-C reaches the server too (same process group); a signal sent to this process alone is
// passed on. Either way this process waits for the server's ordered shutdown.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
