import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { killEverything, makeDataRoot, REPO_ROOT } from './server-process.ts';

/*
 * The vitest side of the lifecycle tests (server-process.ts stays free of vitest: the
 * benchmarks use it too).
 */

/**
 * A temp root for one lifecycle file's data dirs. Whatever runs on a data dir made here (or
 * `track`ed) is killed after each test; the root goes after the file.
 */
export function lifecycleDataDirs(prefix?: string) {
  let root = '';
  const dirs: string[] = [];
  beforeAll(() => {
    root = makeDataRoot(prefix);
  });
  afterEach(async () => {
    await killEverything(dirs);
  });
  afterAll(async () => {
    await killEverything(dirs);
    fs.rmSync(root, { recursive: true, force: true });
  });
  return {
    root: () => root,
    track(dir: string): void {
      dirs.push(dir);
    },
    /** `root/name`, a copy of `from` when given. */
    newDataDir(name: string, from?: string): string {
      const dir = path.join(root, name);
      if (from) execFileSync('cp', ['-a', from, dir]); // keeps the postgres user's ownership
      dirs.push(dir);
      return dir;
    },
  };
}

/** A throwaway cluster of Debian's PostgreSQL (scripts/ensure-postgres.sh installs it if missing). */
export type DebianCluster = { url: string; dir: string };

export function startDebianCluster(): DebianCluster {
  const out = execFileSync('bash', ['scripts/ensure-postgres.sh', 'start'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = /^export DATABASE_URL='(.*)'$/m.exec(out)?.[1];
  const dir = /^export STOOP_PG_DIR='(.*)'$/m.exec(out)?.[1];
  if (!url || !dir) throw new Error(`ensure-postgres.sh said:\n${out}`);
  return { url, dir };
}

/** Started before the enclosing describe's tests, stopped after them; throws if it did not start. */
export function debianClusterForDescribe(): () => DebianCluster {
  let cluster: DebianCluster | undefined;
  beforeAll(() => {
    cluster = startDebianCluster();
  }, 600_000); // may install `postgresql` with apt first
  afterAll(() => {
    if (cluster) {
      spawnSync('bash', ['scripts/ensure-postgres.sh', 'stop', cluster.dir], { cwd: REPO_ROOT });
    }
  });
  return () => {
    if (!cluster) throw new Error('no cluster');
    return cluster;
  };
}
