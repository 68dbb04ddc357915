import type { Auth } from './auth/auth.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { JobRunner } from './lib/jobs/runner.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mailer.ts';
import type { MediaStorage } from './lib/storage.ts';
import type { EventBus } from './modules/events/event-bus.ts';
import type { ListingSearch } from './modules/listings/listing-search.ts';

/** Everything the app is built from; tests build the same app from their own. */
export type AppDeps = {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Uploaded media: local disk under DATA_DIR/media (S3 when configured, once built). */
  storage: MediaStorage;
  /** Live events for this instance's SSE streams (LISTEN/NOTIFY between instances). */
  events: EventBus;
  /** This instance's listing search index, followed from PostgreSQL's change log. */
  listingSearch: ListingSearch;
  /** The job runner (graphile-worker); started by the server and the test app. */
  jobs: JobRunner;
  /** The built SPA (dist/); absent in API tests. */
  webRoot?: string;
};
