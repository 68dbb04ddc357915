import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { createDatabase } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { createLogger } from '../logger.ts';
import { addJobSql } from './jobs.ts';
import { createJobRunner } from './runner.ts';

/**
 * A database outage while a job runs (decision 025): the worker cannot record the job's result,
 * dies, and the runner starts again. The job it held must run again once the database is back,
 * not 4 hours later when graphile-worker would free its lock. The outage is made by closing the
 * database to connections and ending every session in it; the server itself stays up, so this
 * runs the same on the embedded PostgreSQL and on Debian's.
 */

const workerDeaths = vi.spyOn(console, 'trace').mockImplementation(() => {});
const { name, url } = await createTestDatabase();
const database = createDatabase(url, { max: 3 });
const { db, pool } = database;
await db.execute(sql`create table outage_runs (tag text not null, attempt int not null)`);
const admin = new pg.Client({ connectionString: inject('adminUrl') });
await admin.connect();

const runner = createJobRunner({
  connection: { connectionString: url },
  logger: createLogger('silent'),
  pollIntervalMs: 250,
});
afterAll(async () => {
  await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
  await runner.stop();
  await database.close();
  await admin.end();
});

/** Lets `test.held` finish its work once the database is gone. */
let release: () => void = () => {};
const released = new Promise<void>((resolve) => {
  release = resolve;
});
const payload = z.object({ tag: z.string() });
await runner.start({
  tasks: {
    'test.held': {
      payload,
      async run({ tag }, { attempt }) {
        if (attempt === 1) await released;
        await pool.query('insert into outage_runs (tag, attempt) values ($1, $2)', [tag, attempt]);
      },
    },
  },
});

async function runsOf(tag: string): Promise<number[]> {
  const { rows } = await pool.query<{ attempt: number }>(
    'select attempt from outage_runs where tag = $1 order by attempt',
    [tag],
  );
  return rows.map((row) => row.attempt);
}

async function lockedJobs(): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    'select count(*)::int as n from graphile_worker.jobs where locked_at is not null',
  );
  return rows[0]?.n ?? -1;
}

it('runs a job held when the database went away again once it is back, not hours later', async () => {
  await vi.waitFor(() => expect(runner.health()).toBe('ok'), { timeout: 30_000 });
  await db.execute(addJobSql('test.held', { tag: 'held' }));
  await vi.waitFor(async () => expect(await lockedJobs()).toBe(1), { timeout: 30_000 });

  // The outage: no new connections, every open one ended (the runner's and the pool's).
  await admin.query(`alter database ${name} allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
    name,
  ]);
  release(); // the first attempt's insert now fails, and so does recording its failure
  // graphile-worker prints the error of a worker that dies (console.trace): the case under test.
  await vi.waitFor(() => expect(workerDeaths).toHaveBeenCalled(), { timeout: 60_000 });
  expect(runner.health()).not.toBe('ok');
  await admin.query(`alter database ${name} allow_connections true`);

  await vi.waitFor(() => expect(runner.health()).toBe('ok'), { timeout: 60_000, interval: 100 });
  // Attempt 1 failed and could not say so; attempt 2 runs on the new runner.
  await vi.waitFor(async () => expect(await runsOf('held')).toEqual([2]), {
    timeout: 30_000,
    interval: 100,
  });
  expect(await lockedJobs()).toBe(0);
}, 150_000);
