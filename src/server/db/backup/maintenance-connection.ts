import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../../env.ts';
import { startEmbeddedPostgres } from '../embedded.ts';
import { leftoverPostmaster, liveNodeParent, SUPERUSER } from '../embedded-process.ts';

/**
 * A connection for maintenance commands (backup, restore, the crash bench): DATABASE_URL, the
 * embedded cluster a running server owns (found through its postmaster.pid, joined without
 * stopping it), or the embedded cluster started for the command alone.
 */
export type MaintenanceConnection = {
  url: string;
  /** For messages: the embedded data dir or the external server's host. */
  location: string;
  /** 'external' (DATABASE_URL), 'running' (a live server's embedded cluster), 'own'. */
  kind: 'external' | 'running' | 'own';
  /** Stops the cluster when this command started it; nothing otherwise. */
  close(): Promise<void>;
};

export class ServerRunningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerRunningError';
  }
}

/** The URL of the embedded cluster under `pgDataDir` while its postmaster runs, else undefined. */
export function runningEmbeddedUrl(pgDataDir: string): string | undefined {
  const pid = leftoverPostmaster(pgDataDir, () => {});
  if (!pid) return undefined;
  const lines = fs.readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const password = fs.readFileSync(`${pgDataDir}.password`, 'utf8').trim();
  if (!Number.isInteger(port) || port <= 0) return undefined;
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * `purpose: 'read'` joins a running server's cluster; `'replace'` refuses while a server owns it
 * (a leftover of a killed server is stopped first, as `npm start` does).
 */
export async function openMaintenanceConnection(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  purpose: 'read' | 'replace',
): Promise<MaintenanceConnection> {
  if (env.DATABASE_URL) {
    return {
      url: env.DATABASE_URL,
      location: `the server at DATABASE_URL (${new URL(env.DATABASE_URL).host})`,
      kind: 'external',
      close: async () => {},
    };
  }
  const pgDataDir = path.join(env.DATA_DIR, 'pg');
  const location = `embedded PostgreSQL in ${pgDataDir}`;
  const pid = leftoverPostmaster(pgDataDir, () => {});
  const owner = pid ? liveNodeParent(pid) : undefined;
  if (pid && owner && purpose === 'replace') {
    throw new ServerRunningError(
      `A Stoop server (pid ${owner}) is running on ${env.DATA_DIR}. Stop it first: a restore ` +
        'replaces the whole database, which a running server would go on using.',
    );
  }
  const running = purpose === 'read' ? runningEmbeddedUrl(pgDataDir) : undefined;
  if (running) return { url: running, location, kind: 'running', close: async () => {} };
  if (!fs.existsSync(path.join(pgDataDir, 'PG_VERSION')) && purpose === 'read') {
    throw new Error(`There is no database in ${pgDataDir} to back up (DATA_DIR=${env.DATA_DIR}).`);
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: pgDataDir,
    restart: false,
    // A server started meanwhile owns the cluster: never stop it (restore stops only orphans).
    whenRunning: purpose === 'read' ? 'refuse' : 'stop',
  });
  return { url: embedded.url, location, kind: 'own', close: () => embedded.stop() };
}
