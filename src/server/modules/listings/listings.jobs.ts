import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { ModuleJobs } from '../../lib/jobs/jobs.ts';
import { pruneListingChanges } from './listing-search.ts';

/** Daily view rows kept: the dashboards read 7 days; a year stays for later figures (023). */
export const DAILY_VIEWS_KEPT_DAYS = 365;

const NoPayloadSchema = z.object({}).loose();

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'listings.prune-changes': z.infer<typeof NoPayloadSchema>;
    'listings.prune-daily-views': z.infer<typeof NoPayloadSchema>;
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
      'listings.prune-changes': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const listingChanges = await pruneListingChanges(database.db);
          if (listingChanges) logger.info({ listingChanges }, 'pruned the listing change log');
        },
      },
      'listings.prune-daily-views': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const dailyViews = await pruneDailyViews(database.db);
          if (dailyViews) logger.info({ dailyViews }, 'pruned old daily views');
        },
      },
    },
    schedule: [
      { task: 'listings.prune-changes', cron: '27 * * * *' },
      { task: 'listings.prune-daily-views', cron: '37 4 * * *' },
    ],
  };
}
