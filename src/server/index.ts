import cluster from 'node:cluster';
import { runCluster } from './cluster.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { runServer } from './serve.ts';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);

// WEB_CONCURRENCY=N: this process becomes the cluster's primary and forks N servers on one port.
if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  await runCluster(env, logger);
} else {
  const worker = cluster.worker;
  await runServer(env, worker ? logger.child({ worker: worker.id }) : logger, {
    clusterWorker: Boolean(worker),
  });
}
