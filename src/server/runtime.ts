import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { trustedOrigins } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { createAuth } from './auth/auth.ts';
import type { Database } from './db/client.ts';
import { countDemoAccounts, REMOVE_DEMO_COMMAND } from './db/demo-removal.ts';
import type { EmbeddedPostgres } from './db/embedded.ts';
import { openDatabase } from './db/open.ts';
import type { Env } from './env.ts';
import { createJobRunner } from './lib/jobs/runner.ts';
import type { Logger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { createStorage, type MediaStorage } from './lib/storage.ts';
import { voidResetLinks } from './modules/auth/auth.service.ts';
import { PgEventBus } from './modules/events/event-bus.ts';
import { ListingSearch } from './modules/listings/listing-search.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/seed.ts';

export type Runtime = { deps: AppDeps; embedded: EmbeddedPostgres | undefined };

/** Connects (or starts) PostgreSQL, migrates, seeds an empty database, and builds the deps. */
export async function startRuntime(
  env: Env,
  logger: Logger,
  options: { clusterWorker?: boolean } = {},
): Promise<Runtime> {
  const { opened, storage } = await prepareDatabase(env, logger, options);
  try {
    const deps = buildDeps(env, logger, opened.database, { storage });
    return { deps, embedded: opened.embedded };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/**
 * What happens once per start, before any process serves: storage checked, PostgreSQL connected
 * (or started), migrated, an empty database seeded, the auth secret in place. The cluster's
 * primary runs it alone; its workers then find all of it done (decision 041).
 */
export async function prepareDatabase(
  env: Env,
  logger: Logger,
  options: { clusterWorker?: boolean } = {},
) {
  // Media storage first: an unreachable bucket fails start-up before anything else starts.
  const storage = createStorage(env);
  await storage.check();
  logger.info(
    { storage: storage.kind, ...(env.S3_BUCKET ? { bucket: env.S3_BUCKET } : {}) },
    'media storage ready',
  );
  if (!options.clusterWorker) warnProductionOptIns(env, logger);
  // A cluster worker finds the database migrated and seeded by its primary.
  const opened = await openDatabase(env, logger, { migrate: !options.clusterWorker });
  try {
    if (
      !options.clusterWorker &&
      env.SEED_DEMO_DATA &&
      (await isDatabaseEmpty(opened.database.db))
    ) {
      const created = await seedDemoData(opened.database.db, {
        storage,
        photoCacheDir: env.SEED_PHOTO_CACHE_DIR,
      });
      logger.info({ created }, 'demo data loaded');
    }
    if (!options.clusterWorker && env.NODE_ENV === 'production') {
      const demoAccounts = await countDemoAccounts(opened.database.db);
      if (demoAccounts > 0) {
        logger.error(
          { demoAccounts, command: REMOVE_DEMO_COMMAND },
          `this production database holds ${demoAccounts} demo accounts (*@stoop.test) whose password is published in the README; anyone can sign in as them. Remove them with \`${REMOVE_DEMO_COMMAND}\``,
        );
      }
    }
    authSecret(env);
    return { opened, storage };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

export function buildDeps(
  env: Env,
  logger: Logger,
  database: Database,
  options: { ipRateLimits?: boolean; storage?: MediaStorage } = {},
): AppDeps {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    db: database.db,
    logger,
  });
  const origins = trustedOrigins({ env });
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    secret: authSecret(env),
    baseUrl: env.BASE_URL,
    trustedOrigins: (request) => {
      // The request's own origin is trusted too (e.g. 127.0.0.1 when BASE_URL says localhost).
      const host = request?.headers.get('host');
      const proto = env.BASE_URL.startsWith('https://') ? 'https' : 'http';
      return host ? [...origins, `${proto}://${host}`] : origins;
    },
    ipRateLimits: options.ipRateLimits ?? env.AUTH_IP_RATE_LIMITS,
    voidResetLinks: (input) => voidResetLinks({ ctx: { db: database.db }, input }),
  });
  const webRoot = path.resolve('dist');
  return {
    env,
    database,
    auth,
    mailer,
    logger,
    storage: options.storage ?? createStorage(env),
    events: new PgEventBus(database.pool.options, logger),
    jobs: createJobRunner({ connection: database.pool.options, logger }),
    listingSearch: new ListingSearch(database.db, logger),
    webRoot: fs.existsSync(webRoot) ? webRoot : undefined,
  };
}

/** Conveniences for development an operator turned on in production: said once, loudly, at start. */
function warnProductionOptIns(env: Env, logger: Logger): void {
  const why = {
    SEED_DEMO_DATA:
      'an empty database gets the demo accounts, whose password is published in the README',
    BILLING_TEST_MODE: 'landlords can take paid plans and boosts with a test card, without paying',
  } as const;
  for (const name of env.PRODUCTION_OPT_INS) {
    logger.warn({ setting: name }, `${name}=true in production: ${why[name]}`);
  }
}

/** BETTER_AUTH_SECRET, or one generated into DATA_DIR on first start (never committed). */
function authSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.join(env.DATA_DIR, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
