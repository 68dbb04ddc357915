import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { ModuleJobs } from '../../lib/jobs/jobs.ts';
import { pruneEvents } from './events.service.ts';

const NoPayloadSchema = z.object({}).loose();

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'events.prune': z.infer<typeof NoPayloadSchema>;
  }
}

/** Hourly: events past the 7-day replay window go. */
export function eventsJobs({ database }: AppDeps): ModuleJobs<'events.prune'> {
  return {
    tasks: {
      'events.prune': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const events = await pruneEvents(database.db);
          if (events) logger.info({ events }, 'pruned old events');
        },
      },
    },
    schedule: [{ task: 'events.prune', cron: '7 * * * *' }],
  };
}
