import { EventEmitter } from 'node:events';
import {
  Logger as GraphileLogger,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  type Task,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { guardCronStatements } from './cron-guard.ts';
import type { JobSchedule, JobTask } from './jobs.ts';

/**
 * `ok`: running and its last database round trip worked. `starting`: not yet running (or
 * restarting after a fault). `failing`: running, but its database calls fail (it retries on its
 * own). `stopped`: never started, or shut down.
 */
export type JobHealth = 'ok' | 'starting' | 'failing' | 'stopped';

/** Tasks by name; payload types are checked where they are registered (src/server/jobs.ts). */
// biome-ignore lint/suspicious/noExplicitAny: a map of handlers of different payload types.
export type TaskMap = Record<string, JobTask<any>>;

export type JobRunner = {
  start(jobs: { tasks: TaskMap; schedule?: JobSchedule<string>[] }): Promise<void>;
  /** Lets running jobs finish (up to `graceMs`), then closes the runner's connections. */
  stop(graceMs?: number): Promise<void>;
  health(): JobHealth;
};

export type JobRunnerOptions = {
  /** The app pool's connection settings; the runner opens its own few connections. */
  connection: pg.PoolConfig;
  logger: Logger;
  /** Jobs one instance runs at once. */
  concurrency?: number;
  /** How often idle workers look for jobs that became due (new jobs arrive by NOTIFY). */
  pollIntervalMs?: number;
};

const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Workers that find no job for this long (database faults) get a fresh runner and pool. */
const STUCK_AFTER_MS = 30_000;
/** Cron jobs are retried a little, then wait for the next tick. */
const SCHEDULE_MAX_ATTEMPTS = 3;

/** graphile-worker on PostgreSQL (decision 025), supervised: a worker lost to a fault restarts. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const log = options.logger.child({ component: 'jobs' });
  const concurrency = options.concurrency ?? 2;
  let pool: pg.Pool | undefined;
  let runner: Runner | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarts = 0;
  let state: 'stopped' | 'starting' | 'running' = 'stopped';
  let failing = false;
  let launch: (() => Promise<void>) | undefined;
  /** Set while a runner is being replaced or stopped: its cron statements stop retrying. */
  let cronHalted = false;
  /** The workers of the runner now running (their ids lock its jobs). */
  let liveWorkers = new Set<string>();
  /** Workers of a replaced runner whose jobs may still be locked in their name. */
  let orphanedWorkers: string[] = [];
  let unlockTimer: NodeJS.Timeout | undefined;
  /** Since when the running runner's job lookups have failed without a success (0: they work). */
  let lookupsFailingSince = 0;
  let lastLookupError: unknown;

  /**
   * A worker that died mid-job (the database went away before it could record the result)
   * leaves its job locked in its name, and graphile-worker frees such locks only after 4 hours.
   * Once its runner is stopped none of its jobs is running, so they are unlocked at once and run
   * again on the new runner (jobs are at-least-once; the mail job checks before it sends).
   */
  const unlockOrphanedJobs = async () => {
    clearTimeout(unlockTimer);
    unlockTimer = undefined;
    if (!pool || orphanedWorkers.length === 0 || state === 'stopped') return;
    const workerIds = orphanedWorkers;
    try {
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
      orphanedWorkers = orphanedWorkers.filter((id) => !workerIds.includes(id));
      log.info({ workers: workerIds.length }, "unlocked a replaced runner's jobs");
    } catch {
      unlockTimer = setTimeout(() => void unlockOrphanedJobs(), RESTART_DELAYS_MS[1]);
      unlockTimer.unref();
    }
  };

  const scheduleRestart = (reason: unknown) => {
    if (state === 'stopped' || restartTimer) return;
    state = 'starting';
    const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)] ?? 30_000;
    restarts += 1;
    log.warn({ err: reason, delayMs: delay }, 'job runner restarting');
    restartTimer = setTimeout(async () => {
      restartTimer = undefined;
      // Until now stop() could still reach the old runner through `runner`.
      const old = runner;
      runner = undefined;
      cronHalted = true;
      await old?.stop().catch(() => {});
      cronHalted = false;
      orphanedWorkers.push(...liveWorkers);
      liveWorkers = new Set();
      if (state === 'stopped') return;
      // A fresh pool too: nothing of the failed runner's connections carries over. Not awaited:
      // end() waits for clients a stuck runner may never release.
      void pool?.end().catch(() => {});
      pool = openPool();
      await launch?.().then(unlockOrphanedJobs, (error: unknown) => scheduleRestart(error));
    }, delay);
    restartTimer.unref();
  };

  const events: WorkerEvents = new EventEmitter();
  events.on('worker:create', ({ worker }) => {
    liveWorkers.add(worker.workerId);
  });
  events.on('pool:listen:error', () => {
    failing = true;
  });
  // graphile-worker 0.16 keeps a runner's first lookup of its task ids as a promise, a rejected
  // one too (taskIdentifiers.js sets `lastStr` before the lookup settles): if the connection is
  // lost during it (the database killed as the runner starts), every later getJob of every
  // worker rethrows that same error object, forever. The same error twice means that: restart.
  // Any other fault that outlasts STUCK_AFTER_MS gets a fresh runner and pool as well.
  events.on('worker:getJob:error', ({ error }) => {
    failing = true;
    if (state !== 'running') return; // an old runner's workers, while it is replaced
    const now = performance.now();
    lookupsFailingSince ||= now;
    if (error === lastLookupError || now - lookupsFailingSince > STUCK_AFTER_MS) {
      scheduleRestart(error);
    }
    lastLookupError = error;
  });
  for (const name of ['pool:listen:success', 'worker:getJob:empty', 'job:start'] as const) {
    events.on(name, () => {
      failing = false;
      restarts = 0;
      if (name !== 'pool:listen:success') lookupsFailingSince = 0;
    });
  }
  events.on('job:failed', ({ job, error }) => {
    log.error(
      { err: error, jobId: job.id, task: job.task_identifier, attempts: job.attempts },
      'job failed for good',
    );
  });
  // A worker that could not record a result (database gone mid-job) leaves the pool for good;
  // the pool does not replace it, so the whole runner starts again.
  events.on('worker:fatalError', ({ error }) => scheduleRestart(error));

  const openPool = () => {
    const opened = new pg.Pool({
      ...options.connection,
      max: concurrency + 3,
      // Tells the runner's connections apart in pg_stat_activity.
      application_name: 'stoop-jobs',
    });
    // Lost connections surface as failed queries, which the runner retries.
    opened.on('error', () => {});
    opened.on('connect', (client) => client.on('error', () => {}));
    guardCronStatements(opened, {
      onError: () => {
        failing = true;
      },
      halted: () => state === 'stopped' || cronHalted,
    });
    return opened;
  };

  return {
    async start({ tasks, schedule = [] }) {
      if (state !== 'stopped') throw new Error('the job runner is already started');
      state = 'starting';
      pool = openPool();
      const taskList = toTaskList(tasks, log);
      const parsedCronItems = parseCronItems(
        schedule.map((item) => ({
          task: item.task,
          match: item.cron,
          identifier: item.task,
          options: {
            backfillPeriod: 0,
            maxAttempts: item.maxAttempts ?? SCHEDULE_MAX_ATTEMPTS,
            // At most one waiting copy, however long the jobs keep failing.
            jobKey: `schedule:${item.task}`,
          },
        })),
      );
      launch = async () => {
        if (!pool) return;
        lookupsFailingSince = 0;
        lastLookupError = undefined;
        const started = await run({
          pgPool: pool,
          taskList,
          parsedCronItems,
          concurrency,
          pollInterval: options.pollIntervalMs ?? 2_000,
          noHandleSignals: true,
          logger: graphileLogger(log),
          events,
        });
        if (state === 'stopped') {
          await started.stop();
          return;
        }
        runner = started;
        state = 'running';
        started.promise.catch((error: unknown) => scheduleRestart(error));
      };
      try {
        await launch();
      } catch (error) {
        state = 'stopped';
        await pool?.end().catch(() => {});
        pool = undefined;
        throw error;
      }
    },

    async stop(graceMs = 5_000) {
      if (state === 'stopped' && !pool) return;
      state = 'stopped';
      clearTimeout(restartTimer);
      restartTimer = undefined;
      clearTimeout(unlockTimer);
      unlockTimer = undefined;
      const current = runner;
      runner = undefined;
      if (current) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        });
        await Promise.race([current.stop().catch(() => {}), grace]);
        clearTimeout(timer);
      }
      await pool?.end().catch(() => {});
      pool = undefined;
    },

    health() {
      if (state === 'stopped') return 'stopped';
      if (state === 'starting') return 'starting';
      return failing ? 'failing' : 'ok';
    },
  };
}

function toTaskList(tasks: TaskMap, log: Logger): TaskList {
  const list: TaskList = {};
  for (const [name, task] of Object.entries(tasks)) {
    const handler: Task = async (payload, helpers) => {
      const { job } = helpers;
      // A payload that does not parse fails like any other error, and stays visible as failed.
      const parsed = task.payload.parse(payload);
      await task.run(parsed, {
        logger: log.child({ task: name, jobId: job.id }),
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
    };
    list[name] = handler;
  }
  return list;
}

/** graphile-worker's log lines through pino: its chatter at debug, a failed attempt at warn. */
function graphileLogger(log: Logger): GraphileLogger {
  return new GraphileLogger(() => (level, message) => {
    if (level === 'error') {
      // Each failed attempt; the last one is logged at error by the 'job:failed' listener.
      if (message.startsWith('Failed task')) log.warn(message.split('\n')[0]);
      else log.error(message);
    } else if (level === 'warning') {
      log.warn(message);
    } else {
      log.debug(message);
    }
  });
}

/**
 * Installs or upgrades graphile-worker's own schema (`graphile_worker`). The caller holds the
 * migration lock, so instances starting together do not race on `create schema`.
 */
export async function migrateJobSchema(url: string): Promise<void> {
  // Our own pool, listened to and ended before returning: a pool graphile-worker makes itself is
  // ended without waiting, after its 'error' listener is gone. A server stopping right after
  // (`npm run db:restore` stops the embedded PostgreSQL) then crashed the process with that idle
  // client's "terminating connection due to administrator command".
  const pgPool = new pg.Pool({ connectionString: url, max: 1 });
  pgPool.on('error', () => {});
  try {
    await runMigrations({ pgPool, logger: new GraphileLogger(() => () => {}) });
  } finally {
    await pgPool.end();
  }
}
