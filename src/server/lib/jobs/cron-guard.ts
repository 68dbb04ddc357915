import type pg from 'pg';

/**
 * graphile-worker 0.16 ends its cron loop by rejecting a promise when one of its statements fails
 * (the database is down at a minute's tick), and its runner leaves a `.finally()` copy of that
 * promise unhandled: Node ends the whole process. 0.17 retries instead (graphile/worker#544) but
 * needs Node 22. Until then the cron statements (the only ones naming `_private_known_crontabs`)
 * are retried here with backoff, so they fail no promise; they give up, answering no rows, only
 * once the runner is stopping (cron then sees it is released and ends cleanly).
 */
const CRON_TABLE = '_private_known_crontabs';
const RETRY_DELAYS_MS = [250, 1_000, 2_000, 5_000];

export type CronGuard = {
  /** Called with each failure of a cron statement (the runner marks itself failing). */
  onError(error: unknown): void;
  /** True once the runner that issued the statement is stopping: give up, answer no rows. */
  halted(): boolean;
  /** Test seam: how to wait between attempts. */
  sleep?: (ms: number) => Promise<void>;
};

type Query = (...args: unknown[]) => unknown;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function isCronStatement(args: unknown[]): boolean {
  const [first] = args;
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.includes(CRON_TABLE);
}

/** Makes `pool.query` retry graphile-worker's cron statements; every other call is untouched. */
export function guardCronStatements(pool: pg.Pool, guard: CronGuard): void {
  const query = pool.query.bind(pool) as Query;
  const sleep = guard.sleep ?? sleepFor;
  const retrying = async (args: unknown[]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await (query(...args) as Promise<pg.QueryResult>);
      } catch (error) {
        guard.onError(error);
        if (guard.halted()) return { rows: [], rowCount: 0 } as unknown as pg.QueryResult;
        await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] as number);
        if (guard.halted()) return { rows: [], rowCount: 0 } as unknown as pg.QueryResult;
      }
    }
  };
  // pg's query is overloaded (callbacks, configs); only the promise form with SQL text is ours.
  (pool as unknown as { query: Query }).query = (...args: unknown[]) =>
    isCronStatement(args) && typeof args.at(-1) !== 'function' ? retrying(args) : query(...args);
}
