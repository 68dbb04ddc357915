import cluster, { type Worker } from 'node:cluster';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import { prepareDatabase } from './runtime.ts';

/** How long workers get to drain (their own grace is 3 s, plus running jobs) before SIGKILL. */
const WORKER_STOP_MS = 15_000;
/** Workers that die before listening this many times in a row: start-up is broken, give up. */
const MAX_FAILED_STARTS = 5;

/**
 * The primary of WEB_CONCURRENCY=N (decision 041). It does what must happen once: start the
 * embedded PostgreSQL (or reach DATABASE_URL), migrate, seed, write the auth secret. Then it forks
 * N workers that share the port (node:cluster hands out connections) and connect to that database
 * like separate instances: jobs, live events and the search index already work across instances.
 * A worker that dies is replaced; SIGTERM drains every worker, then stops PostgreSQL.
 */
export async function runCluster(env: Env, logger: Logger): Promise<void> {
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(env, logger);
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
  const { opened } = prepared;
  // The primary serves nothing: its pool is not needed once the database is ready.
  await opened.database.close().catch(() => {});
  const databaseUrl = opened.embedded?.localUrl ?? env.DATABASE_URL;
  const workerEnv: Record<string, string> = {
    // Workers reach the same database; the embedded one stays the primary's to stop.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  let stopping = false;
  let failedStarts = 0;
  const listening = new WeakSet<Worker>();

  const fork = () => cluster.fork(workerEnv);
  cluster.on('listening', (worker) => {
    listening.add(worker);
    failedStarts = 0;
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const started = listening.has(worker);
    logger.warn(
      { pid: worker.process.pid, code, signal, started },
      started ? 'a worker died; starting another' : 'a worker failed to start',
    );
    if (!started) failedStarts += 1;
    if (failedStarts >= MAX_FAILED_STARTS) {
      logger.fatal({ failedStarts }, 'workers keep failing to start; stopping');
      void stop('start-up failures', 1);
      return;
    }
    // A crash loop must not spin: wait longer after each failed start.
    setTimeout(
      () => {
        if (!stopping) fork();
      },
      200 * 2 ** failedStarts,
    );
  });

  async function stop(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down the cluster');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(workers.map((worker) => stopWorker(worker)));
    await opened.embedded?.stop();
    logger.info('stopped');
    process.exit(exitCode);
  }

  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  logger.info({ workers: env.WEB_CONCURRENCY, port: env.PORT }, 'starting the cluster');
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
}

/** SIGTERM (the worker's own ordered shutdown), SIGKILL past WORKER_STOP_MS. */
function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) {
      resolve();
      return;
    }
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), WORKER_STOP_MS);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}
