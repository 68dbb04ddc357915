import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { type ModuleJobs, type NoPayload, pruneTask } from '../../lib/jobs/jobs.ts';
import { pruneListingChanges } from './listing-search.ts';

/** Daily view rows kept: the dashboards read 7 days; a year stays for later figures (023). */
export const DAILY_VIEWS_KEPT_DAYS = 365;

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'listings.prune-changes': NoPayload;
    'listings.prune-daily-views': NoPayload;
  }
}

/** Drops daily view rows older than DAILY_VIEWS_KEPT_DAYS New York days. */
export async function pruneDailyViews(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from listing_daily_views
      where day < (now() at time zone 'America/New_York')::date - ${DAILY_VIEWS_KEPT_DAYS}::int`,
  );
  return result.rowCount ?? 0;
}

export function listingsJobs({
  database,
}: AppDeps): ModuleJobs<'listings.prune-changes' | 'listings.prune-daily-views'> {
  return {
    tasks: {
      'listings.prune-changes': pruneTask('the listing change log', () =>
        pruneListingChanges(database.db),
      ),
      'listings.prune-daily-views': pruneTask('old daily views', () =>
        pruneDailyViews(database.db),
      ),
    },
    schedule: [
      { task: 'listings.prune-changes', cron: '27 * * * *' },
      { task: 'listings.prune-daily-views', cron: '37 4 * * *' },
    ],
  };
}
