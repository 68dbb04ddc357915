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
    // Times are stored and read in UTC (ARCHITECTURE §3), whatever the server's default.
    options: '-c TimeZone=UTC',
    max: options.max ?? 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
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
