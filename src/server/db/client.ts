import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** `$client`: the pool, for the few statements that run by name (prepared once per connection). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** Round trip to the server; false when it cannot be reached. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // Times are stored and read in UTC (docs/architecture.md §3), whatever the server's default.
    options: '-c TimeZone=UTC',
    max: options.max ?? 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its server must not crash the process: the pool drops an idle one (its
  // 'error'), and the query or transaction using a checked-out one fails with the error. pg-pool
  // listens only while a client is idle, and an 'error' with no listener throws.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    pool,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
