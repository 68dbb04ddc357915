import type { AppDeps } from '../../app-deps.ts';
import { type ModuleJobs, type NoPayload, NoPayloadSchema } from '../../lib/jobs/jobs.ts';
import { refreshResponseFigures } from './landlord-profile.service.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'landlord-profile.refresh-response-figures': NoPayload;
  }
}

/** The card's stored response figures follow messaging hourly (and at each profile change). */
export function landlordProfileJobs({
  database,
}: AppDeps): ModuleJobs<'landlord-profile.refresh-response-figures'> {
  return {
    tasks: {
      'landlord-profile.refresh-response-figures': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const refreshed = await refreshResponseFigures({ ctx: { db: database.db } });
          if (refreshed) logger.info({ refreshed }, 'refreshed landlord response figures');
        },
      },
    },
    schedule: [{ task: 'landlord-profile.refresh-response-figures', cron: '17 * * * *' }],
  };
}
