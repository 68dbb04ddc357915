import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../logger.ts';

/**
 * Every job's payload by name. Each module adds its own in `<m>.jobs.ts`:
 *   declare module '../../lib/jobs/jobs.ts' { interface JobPayloads { 'mail.send': {...} } }
 * src/server/jobs.ts then has to register a handler for every name, or it does not compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules.
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** Attempts before a job stays failed: backoff is exp(attempt) s, about 3.7 h over all ten. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export type JobRunContext = {
  logger: Logger;
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
};

/** A handler and the schema its stored payload is checked against before it runs. */
export type JobTask<P> = {
  payload: z.ZodType<P>;
  run(payload: P, context: JobRunContext): Promise<void>;
};

/** Scheduled clean-ups take no payload. */
export const NoPayloadSchema = z.object({}).loose();
export type NoPayload = z.infer<typeof NoPayloadSchema>;

/** A clean-up task: runs `prune` and logs how many rows it removed (`what`: which ones). */
export function pruneTask(what: string, prune: () => Promise<number>): JobTask<NoPayload> {
  return {
    payload: NoPayloadSchema,
    async run(_payload, { logger }) {
      const removed = await prune();
      if (removed) logger.info({ removed }, `pruned ${what}`);
    },
  };
}

/** Recurring work: a cron line (UTC), scheduled once per tick across all instances. */
export type JobSchedule<N extends string = JobName> = {
  task: N;
  /** Five cron fields, UTC. */
  cron: string;
  maxAttempts?: number;
};

/** What a module hands the runner: its handlers by name and its recurring schedule. */
export type ModuleJobs<N extends JobName> = {
  tasks: { [K in N]: JobTask<JobPayloads[K]> };
  schedule?: JobSchedule<N>[];
};

/** Anything that runs SQL: the Drizzle database (the pool) or a transaction. */
export type JobExecutor = Pick<Db, 'execute'>;

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** One pending job per key: a second enqueue with the key replaces the first. */
  jobKey?: string;
  maxAttempts?: number;
};

/**
 * Adds a job in the caller's transaction (or on the pool): it exists, and its NOTIFY wakes a
 * worker, only if that transaction commits.
 */
export async function enqueueJob<N extends JobName>(
  executor: JobExecutor,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<void> {
  await executor.execute(addJobSql(name, payload, options));
}

/** The untyped form, for tests' own task names. */
export function addJobSql(name: string, payload: unknown, options: EnqueueOptions = {}): SQL {
  return sql`select graphile_worker.add_job(
    ${name},
    ${JSON.stringify(payload ?? {})}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
    job_key => ${options.jobKey ?? null}::text
  )`;
}

export type FailedJob = {
  id: string;
  task: string;
  key: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  failedAt: Date;
};

/**
 * Jobs that used up their attempts (a job's count goes up as its last attempt starts, so a
 * locked one is still running); they stay in the table until someone acts on them. Read
 * from graphile-worker's public `jobs` view, which leaves payloads out.
 */
export async function listFailedJobs(executor: JobExecutor, task?: string): Promise<FailedJob[]> {
  const result = await executor.execute<{
    id: string;
    task_identifier: string;
    key: string | null;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    updated_at: string;
  }>(sql`select id::text, task_identifier, key, attempts, max_attempts, last_error, updated_at
    from graphile_worker.jobs
    where attempts >= max_attempts and locked_at is null and (${task ?? null}::text is null or task_identifier = ${task ?? null})
    order by id`);
  return result.rows.map((row) => ({
    id: row.id,
    task: row.task_identifier,
    key: row.key,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    failedAt: new Date(row.updated_at),
  }));
}
