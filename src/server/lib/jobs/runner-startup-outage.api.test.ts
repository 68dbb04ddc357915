import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { createDatabase } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { createLogger } from '../logger.ts';
import { addJobSql } from './jobs.ts';
import { createJobRunner, migrateJobSchema } from './runner.ts';

/**
 * A connection lost while a runner is starting (what `kill -9` of its PostgreSQL just after the
 * server came up does): graphile-worker 0.16 caches each runner's first task lookup as a promise,
 * a rejected one too, so every later poll of its workers fails with that same error although the
 * database is back. The runner must notice and start again. The lookup is held on a table lock
 * until the runner's connections are ended, so the loss lands on it every time.
 */

const { name, url } = await createTestDatabase();
await migrateJobSchema(url);
const database = createDatabase(url, { max: 3 });
const { db, pool } = database;
await db.execute(sql`create table startup_runs (tag text not null)`);
const admin = new pg.Client({ connectionString: inject('adminUrl') });
await admin.connect();
const locker = new pg.Client({ connectionString: url });
await locker.connect();

const runner = createJobRunner({
  connection: { connectionString: url },
  logger: createLogger('silent'),
  pollIntervalMs: 250,
});
afterAll(async () => {
  await locker.end().catch(() => {});
  await runner.stop();
  await database.close();
  await admin.end();
});

async function runnerBackends(where: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = $1 and application_name = 'stoop-jobs' and ${where}`,
    [name],
  );
  return rows[0]?.n ?? -1;
}

it('runs jobs again after its connections were lost during its first task lookup', async () => {
  await locker.query('begin');
  await locker.query('lock table graphile_worker._private_tasks in access exclusive mode');
  await runner.start({
    tasks: {
      'test.startup': {
        payload: z.object({ tag: z.string() }),
        async run({ tag }) {
          await pool.query('insert into startup_runs (tag) values ($1)', [tag]);
        },
      },
    },
  });
  // The workers' first lookup waits on the lock; then the runner's connections are ended.
  await vi.waitFor(
    async () => expect(await runnerBackends("query like '%_private_tasks%'")).toBeGreaterThan(0),
    { timeout: 30_000 },
  );
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = $1 and application_name = 'stoop-jobs'`,
    [name],
  );
  await locker.query('commit');

  await db.execute(addJobSql('test.startup', { tag: 'after' }));
  await vi.waitFor(
    async () => {
      const { rows } = await pool.query('select tag from startup_runs');
      expect(rows).toEqual([{ tag: 'after' }]);
    },
    { timeout: 30_000, interval: 200 },
  );
  await vi.waitFor(() => expect(runner.health()).toBe('ok'), { timeout: 10_000 });
}, 60_000);
