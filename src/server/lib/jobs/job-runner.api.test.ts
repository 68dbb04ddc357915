import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { runMigrations } from '../../db/migrate.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { withDatabase } from '../../test/database-url.ts';
import { createTestApp, createTestDatabase, uniqueEmail } from '../../test/test-app.ts';
import { createLogger } from '../logger.ts';
import { addJobSql, enqueueJob, listFailedJobs } from './jobs.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

/**
 * The job runner (decision 025) on this run's PostgreSQL: the embedded 17, and Debian's 15 when
 * the API suite runs with DATABASE_URL. Waits are bounded polls on counts, never fixed sleeps.
 */

const { db, url, deps } = await createTestApp();
const WAIT = { timeout: 30_000, interval: 50 };

await db.execute(sql`create table job_test_runs (
  tag text not null, runner text not null, attempt int not null, at timestamptz not null default now())`);

const runners: JobRunner[] = [];
afterAll(async () => {
  for (const runner of runners) await runner.stop();
});

/** A runner with test tasks: `test.record` writes a row; `test.fail` writes one, then throws. */
async function startTestRunner(name: string): Promise<JobRunner> {
  const runner = createJobRunner({
    connection: { connectionString: url },
    logger: createLogger('silent'),
    pollIntervalMs: 250,
  });
  runners.push(runner);
  const payload = z.object({ tag: z.string() });
  await runner.start({
    tasks: {
      'test.record': {
        payload,
        async run({ tag }, { attempt }) {
          await db.execute(
            sql`insert into job_test_runs (tag, runner, attempt) values (${tag}, ${name}, ${attempt})`,
          );
        },
      },
      'test.fail': {
        payload,
        async run({ tag }, { attempt }) {
          await db.execute(
            sql`insert into job_test_runs (tag, runner, attempt) values (${tag}, ${name}, ${attempt})`,
          );
          throw new Error(`boom ${attempt}`);
        },
      },
    },
  });
  return runner;
}

async function runsOf(tag: string) {
  const { rows } = await db.execute<{ runner: string; attempt: number }>(
    sql`select runner, attempt from job_test_runs where tag = ${tag} order by at, attempt`,
  );
  return rows;
}

async function pendingJobs(task: string, on = db): Promise<number> {
  const { rows } = await on.execute<{ n: number }>(
    sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`,
  );
  return rows[0]?.n ?? -1;
}

const first = await startTestRunner('first');
const second = await startTestRunner('second');

describe('job runner', () => {
  it('runs a job due in 2 s exactly once with two instances running', async () => {
    expect([first.health(), second.health()]).toEqual(['ok', 'ok']);
    const runAt = new Date(Date.now() + 2_000);
    const tags = Array.from({ length: 20 }, (_, i) => `due-${i}`);
    await db.transaction(async (tx) => {
      for (const tag of tags) await tx.execute(addJobSql('test.record', { tag }, { runAt }));
    });
    // Done means deleted: a completed job cannot be picked up again by anyone.
    await vi.waitFor(async () => expect(await pendingJobs('test.record')).toBe(0), WAIT);
    const { rows } = await db.execute<{ tag: string; n: number; at: Date }>(
      sql`select tag, count(*)::int as n, min(at) as at from job_test_runs
        where tag like 'due-%' group by tag order by tag`,
    );
    expect(rows.map((r) => r.n)).toEqual(tags.map(() => 1));
    expect(rows.map((r) => r.tag).sort()).toEqual([...tags].sort());
    // Not before it was due (PostgreSQL's clock decides; allow for rounding).
    for (const row of rows)
      expect(new Date(row.at).getTime()).toBeGreaterThan(runAt.getTime() - 50);
  });

  it('retries a failing job with backoff, then keeps it visible as failed', async () => {
    await db.execute(
      addJobSql('test.fail', { tag: 'failing' }, { maxAttempts: 2, jobKey: 'failing' }),
    );
    const failed = await vi.waitFor(async () => {
      const jobs = await listFailedJobs(db, 'test.fail');
      expect(jobs).toHaveLength(1);
      return jobs;
    }, WAIT);
    expect(failed[0]).toMatchObject({
      task: 'test.fail',
      attempts: 2,
      maxAttempts: 2,
      key: 'failing',
      lastError: 'boom 2',
    });
    expect((await runsOf('failing')).map((r) => r.attempt)).toEqual([1, 2]);
    // A failed job is not picked up again: a later job runs, this one's count stays.
    await db.execute(addJobSql('test.record', { tag: 'after-failure' }));
    await vi.waitFor(async () => expect(await runsOf('after-failure')).toHaveLength(1), WAIT);
    expect(await runsOf('failing')).toHaveLength(2);
  });

  it('never runs a job enqueued in a rolled-back transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          addJobSql('test.record', { tag: 'rolled-back' }, { jobKey: 'rolled-back' }),
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where key = 'rolled-back'`,
    );
    expect(rows[0]?.n).toBe(0);
    // Jobs enqueued after it run; it never does.
    await db.execute(addJobSql('test.record', { tag: 'committed' }));
    await vi.waitFor(async () => expect(await runsOf('committed')).toHaveLength(1), WAIT);
    expect(await runsOf('rolled-back')).toEqual([]);
  });

  it('keeps working after its database connections are killed', async () => {
    const survivor = await startTestRunner('survivor');
    await vi.waitFor(() => expect(survivor.health()).toBe('ok'), WAIT);
    const killed = await db.execute<{ n: number }>(sql`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = 'stoop-jobs' and datname = current_database()`);
    expect(killed.rows[0]?.n).toBeGreaterThan(0);
    await db.execute(addJobSql('test.record', { tag: 'after-kill' }));
    await vi.waitFor(async () => expect(await runsOf('after-kill')).toHaveLength(1), WAIT);
    for (const runner of [first, second, survivor]) {
      await vi.waitFor(() => expect(runner.health()).toBe('ok'), WAIT);
    }
    // Jobs after the recovery run once too, on whichever instance takes them.
    await db.execute(addJobSql('test.record', { tag: 'after-recovery' }));
    await vi.waitFor(async () => expect(await runsOf('after-recovery')).toHaveLength(1), WAIT);
    expect(await runsOf('after-kill')).toHaveLength(1);
  });

  it('installs its schema once when several instances migrate at the same time', async () => {
    // An empty database (not the migrated template): every instance finds all the work to do.
    const name = `stoop_test_empty_${Date.now().toString(36)}`;
    const creator = new pg.Client({ connectionString: inject('adminUrl') });
    await creator.connect();
    await creator.query(`create database ${name}`);
    await creator.end();
    const freshUrl = withDatabase(inject('adminUrl'), name);
    const admin = new pg.Client({ connectionString: freshUrl });
    await admin.connect();
    try {
      await Promise.all(Array.from({ length: 4 }, () => runMigrations(freshUrl)));
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from graphile_worker.migrations',
      );
      expect(rows[0]?.n).toBeGreaterThanOrEqual(18);
      const added = await admin.query(`select graphile_worker.add_job('x', '{}'::json) as job`);
      expect(added.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
  });
});

describe('mail through the runner', () => {
  it('stores the mail in the caller transaction: a rolled-back one sends nothing', async () => {
    const to = uniqueEmail('rollback');
    await expect(
      db.transaction(async (tx) => {
        await deps.mailer.send({ to, subject: 'Never', text: 'x', html: '<p>x</p>' }, tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committed = uniqueEmail('commit');
    await db.transaction((tx) =>
      deps.mailer.send({ to: committed, subject: 'Sent', text: 'y', html: '<p>y</p>' }, tx),
    );
    await vi.waitFor(async () => {
      expect((await deps.mailer.listOutbox()).some((m) => m.to === committed)).toBe(true);
    }, WAIT);
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).toEqual([]);
  });

  describe('over SMTP', () => {
    const received: string[] = [];
    let refuseNext = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          if (refuseNext > 0) {
            refuseNext -= 1;
            const error = Object.assign(new Error('try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push(session.envelope.rcptTo[0]?.address ?? '');
          callback();
        });
      },
    });
    const ready = new Promise<number>((resolve) =>
      smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
    );
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    it('two app instances deliver a mail due in 2 s once, and retry after an SMTP failure', async () => {
      const port = await ready;
      const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
      // Their own database: no outbox-mode runner may take these mail jobs.
      const shared = (await createTestDatabase()).url;
      const one = await createTestApp({ env, database: shared });
      const two = await createTestApp({ env, database: shared });
      expect([one.deps.jobs.health(), two.deps.jobs.health()]).toEqual(['ok', 'ok']);

      // Stored now, due in 2 s, with both instances' runners waiting for it.
      const to = uniqueEmail('due');
      const [row] = await one.db
        .insert(outboxEmails)
        .values({ to, subject: 'Due', text: 'due', html: '<p>due</p>' })
        .returning({ id: outboxEmails.id });
      const mailId = row?.id ?? '';
      await enqueueJob(
        one.db,
        'mail.send',
        { mailId },
        { runAt: new Date(Date.now() + 2_000), jobKey: `mail:${mailId}` },
      );
      await vi.waitFor(async () => expect(await pendingJobs('mail.send', one.db)).toBe(0), WAIT);
      expect(received.filter((r) => r === to)).toHaveLength(1);
      const [sent] = await one.db.select().from(outboxEmails).where(eq(outboxEmails.id, mailId));
      expect(sent?.sentAt).toBeInstanceOf(Date);

      // The server refuses once; the job runs again after its backoff and delivers once.
      refuseNext = 1;
      const retried = uniqueEmail('retry');
      await two.deps.mailer.send({ to: retried, subject: 'Retry', text: 'r', html: '<p>r</p>' });
      await vi.waitFor(async () => {
        expect(received).toContain(retried);
        expect(await pendingJobs('mail.send', one.db)).toBe(0);
      }, WAIT);
      expect(refuseNext).toBe(0);
      expect(received.filter((r) => r === retried)).toHaveLength(1);
      // A job for a mail already sent (a duplicate enqueue) sends nothing again.
      await enqueueJob(one.db, 'mail.send', { mailId });
      await vi.waitFor(async () => expect(await pendingJobs('mail.send', one.db)).toBe(0), WAIT);
      expect(received.filter((r) => r === to)).toHaveLength(1);
    });
  });
});
