import os from 'node:os';
import path from 'node:path';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { createDatabase, type Database } from './client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

export type OpenDatabase = {
  database: Database;
  /** The embedded server when DATABASE_URL is unset; the caller stops it (or `close()` does). */
  embedded: EmbeddedPostgres | undefined;
  /** Where the data lives, for messages: the embedded data dir or the external server's host. */
  location: string;
  /** Ends the pool, then stops the embedded server. */
  close(): Promise<void>;
};

/**
 * The database the server and the CLIs share: DATABASE_URL, or the embedded PostgreSQL under
 * DATA_DIR/pg; migrated before it is returned. `whenRunning: 'refuse'` is for CLIs: they must not
 * stop the cluster of a running server (see startEmbeddedPostgres).
 */
export async function openDatabase(
  env: Env,
  logger: Logger,
  options: {
    whenRunning?: 'stop' | 'refuse';
    /** False for a cluster worker: its primary migrated the database before forking it. */
    migrate?: boolean;
  } = {},
): Promise<OpenDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL;
  let location: string;
  if (url) {
    location = `the server at DATABASE_URL (${new URL(url).host})`;
  } else {
    const pgLog = logger.child({ component: 'postgres' });
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(env.DATA_DIR, 'pg'),
      // Postgres' own lines at debug; a death, a restart and its failures at warn or error.
      log: (line, level = 'debug') => pgLog[level](line),
      whenRunning: options.whenRunning,
    });
    url = embedded.localUrl;
    location = `embedded PostgreSQL in ${embedded.dataDir}`;
    logger.info({ dataDir: embedded.dataDir, port: embedded.port }, 'embedded PostgreSQL started');
  }
  let database: Database | undefined;
  try {
    if (options.migrate ?? true) await runMigrations(url);
    database = createDatabase(url, { max: poolSize(env) });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    embedded,
    location,
    async close() {
      await opened.close().catch(() => {});
      await embedded?.stop();
    },
  };
}

/**
 * Decision 046: more connections than PostgreSQL has cores to run them makes every query slower
 * (20 on 2 cores: the conversation list at 50 clients p95 60 ms; 6: 37 ms). Three per core,
 * shared by this machine's server processes, unless DATABASE_POOL_MAX says otherwise.
 */
export function poolSize(
  env: Pick<Env, 'DATABASE_POOL_MAX' | 'WEB_CONCURRENCY'>,
  cores = os.availableParallelism(),
): number {
  return env.DATABASE_POOL_MAX ?? Math.max(4, Math.ceil((3 * cores) / env.WEB_CONCURRENCY));
}
