import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { appJobs } from './jobs.ts';
import { applyConnectionTimeouts } from './lib/connection-timeouts.ts';
import type { Logger } from './lib/logger.ts';
import { startRuntime } from './runtime.ts';

const SHUTDOWN_GRACE_MS = 3_000;

/**
 * One server process: the whole app on PORT. Alone (WEB_CONCURRENCY=1) or as a cluster worker,
 * which then finds PostgreSQL started, migrated and seeded by the primary (cluster.ts).
 */
export async function runServer(
  env: Env,
  logger: Logger,
  options: { clusterWorker?: boolean } = {},
): Promise<void> {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  try {
    runtime = await startRuntime(env, logger, options);
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
  // After migrations, before listening: jobs due while the server was down run now.
  await runtime.deps.jobs.start(appJobs(runtime.deps)).catch(async (error: unknown) => {
    logger.fatal({ err: error }, 'start-up failed: the job runner did not start');
    await runtime.embedded?.stop();
    process.exit(1);
  });

  const app = createApp(runtime.deps);
  // The search index loads while the server starts listening; the first search waits for it.
  runtime.deps.listingSearch.warm();
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info({ port: info.port, url: env.BASE_URL }, `Stoop is running on ${env.BASE_URL}`);
  });
  if ('keepAliveTimeout' in server) applyConnectionTimeouts(server);

  let shuttingDown = false;

  /** One ordered shutdown: stop accepting, drain HTTP, close the pool, then stop postgres. */
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // No new jobs start; running ones finish while HTTP drains.
    const jobsStopped = runtime.deps.jobs.stop();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    // Long-lived connections (SSE, keep-alive) must not hold the process past the grace period.
    const grace = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    // Live streams end now; browsers reconnect to another instance with Last-Event-ID.
    await runtime.deps.events.close();
    await drained;
    clearTimeout(grace);
    // Running jobs finish (or, past the runner's grace, stay locked) before the pool closes.
    await jobsStopped;
    await runtime.deps.database.close().catch(() => {});
    await runtime.embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  }

  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
