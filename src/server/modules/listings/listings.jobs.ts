import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { type ModuleJobs, type NoPayload, pruneTask } from '../../lib/jobs/jobs.ts';
import { pruneListingChanges } from './listing-search.ts';
import { pruneViewVisitors } from './listing-views.ts';

/** Daily view rows kept: the dashboards read 7 days; a year stays for later figures (023). */
export const DAILY_VIEWS_KEPT_DAYS = 365;

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'listings.prune-changes': NoPayload;
    'listings.prune-daily-views': NoPayload;
    'listings.prune-view-visitors': NoPayload;
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
}: AppDeps): ModuleJobs<
  'listings.prune-changes' | 'listings.prune-daily-views' | 'listings.prune-view-visitors'
> {
  return {
    tasks: {
      'listings.prune-changes': pruneTask('the listing change log', () =>
        pruneListingChanges(database.db),
      ),
      'listings.prune-daily-views': pruneTask('old daily views', () =>
        pruneDailyViews(database.db),
      ),
      'listings.prune-view-visitors': pruneTask('visitor rows of past days', () =>
        pruneViewVisitors(database.db),
      ),
    },
    schedule: [
      { task: 'listings.prune-changes', cron: '27 * * * *' },
      { task: 'listings.prune-daily-views', cron: '37 4 * * *' },
      // Past midnight in New York (04:00-05:00 UTC), so yesterday's rows are the oldest kept.
      { task: 'listings.prune-view-visitors', cron: '47 5 * * *' },
    ],
  };
}
