import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { type ModuleJobs, type NoPayload, NoPayloadSchema } from '../../lib/jobs/jobs.ts';
import { DOCUMENT_ACCESS_AFTER_CLOSE_DAYS } from './renter-documents.service.ts';
import { deleteExpiredOffers } from './signed-offer.service.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /** Daily: the landlord's access to a closed application's documents ends (decision 055). */
    'applications.end-document-access': NoPayload;
    /** Daily: signed offers kept 3 years after their application closed are deleted. */
    'applications.delete-expired-offers': NoPayload;
  }
}

/**
 * Marks the applications closed more than 30 days ago whose landlord could still read the
 * documents sent with them; returns how many. The rows stay (the application is a copy both
 * sides keep); only the landlord's reading is refused from then on.
 */
export async function endDocumentAccess(db: Pick<Db, 'execute'>): Promise<number> {
  const result = await db.execute(sql`
    update applications set document_access_ended_at = now()
    where closed_at is not null and document_access_ended_at is null
      and closed_at <= now() - make_interval(days => ${DOCUMENT_ACCESS_AFTER_CLOSE_DAYS})`);
  return result.rowCount ?? 0;
}

export function applicationsJobs({
  database,
  storage,
}: AppDeps): ModuleJobs<'applications.end-document-access' | 'applications.delete-expired-offers'> {
  return {
    tasks: {
      'applications.end-document-access': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const ended = await endDocumentAccess(database.db);
          if (ended)
            logger.info({ ended }, "ended landlords' access to closed applications' documents");
        },
      },
      'applications.delete-expired-offers': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const deleted = await deleteExpiredOffers(database.db, storage);
          if (deleted) logger.info({ deleted }, 'deleted signed offers past their 3 years');
        },
      },
    },
    // Daily, at minutes no other job takes.
    schedule: [
      { task: 'applications.end-document-access', cron: '52 6 * * *' },
      { task: 'applications.delete-expired-offers', cron: '57 6 * * *' },
    ],
  };
}
