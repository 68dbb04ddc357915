import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateJobSchema } from '../lib/jobs/runner.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed migrations and the job runner's. Safe from several instances at once. */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A lost server fails the migration's query; unheard, the 'error' event would crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    // One instance migrates at a time; the others wait, then find nothing to do.
    await client.query('select pg_advisory_lock(7366571)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    // The job runner's own tables (graphile-worker's migrations), under the same lock.
    await migrateJobSchema(url);
  } finally {
    await client.query('select pg_advisory_unlock(7366571)').catch(() => {});
    await client.end();
  }
}
