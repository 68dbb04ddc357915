import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { type ModuleJobs, type NoPayload, pruneTask } from '../../lib/jobs/jobs.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'messaging.prune-send-counters': NoPayload;
  }
}

/** Drops send counters of windows long past (the limit only reads the current minute). */
export async function pruneSendCounters(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from message_send_counters where window_start < now() - interval '1 hour'`,
  );
  return result.rowCount ?? 0;
}

export function messagingJobs({ database }: AppDeps): ModuleJobs<'messaging.prune-send-counters'> {
  return {
    tasks: {
      'messaging.prune-send-counters': pruneTask('old send counters', () =>
        pruneSendCounters(database.db),
      ),
    },
    schedule: [{ task: 'messaging.prune-send-counters', cron: '17 * * * *' }],
  };
}
