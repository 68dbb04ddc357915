import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { type ModuleJobs, type NoPayload, NoPayloadSchema } from '../../lib/jobs/jobs.ts';
import { alertDeps } from './alert-deps.ts';
import { runDailyDigest } from './alert-digest.ts';
import { runAlertScan } from './alert-scan.ts';

/** A scheduled run carries graphile-worker's `_cron.ts`: the hour it was meant for. */
const DigestPayloadSchema = z
  .object({ _cron: z.object({ ts: z.string() }).loose().optional() })
  .loose();

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /**
     * Matches changed listings against saved searches and saved listings (decision 036). Queued
     * by a trigger on `listing_changes` (job key `alerts-scan`) and every minute as a safety net.
     */
    'alerts.scan': NoPayload;
    /** Hourly; at 08:00 New York it mails each `daily` saved search's digest, once. */
    'alerts.digest': z.infer<typeof DigestPayloadSchema>;
  }
}

export function alertsJobs(deps: AppDeps): ModuleJobs<'alerts.scan' | 'alerts.digest'> {
  const alerts = alertDeps(deps);
  return {
    tasks: {
      'alerts.scan': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const { alerts: made } = await runAlertScan(alerts);
          if (made > 0) logger.info({ alerts: made }, 'alerts announced');
        },
      },
      'alerts.digest': {
        payload: DigestPayloadSchema,
        async run(payload, { logger }) {
          // The tick's own time, so a run that starts late (or a retry) still knows its hour.
          const scheduled = payload._cron ? Date.parse(payload._cron.ts) : Number.NaN;
          const sent = await runDailyDigest(
            alerts,
            Number.isNaN(scheduled) ? Date.now() : scheduled,
          );
          if (sent > 0) logger.info({ digests: sent }, 'daily digests sent');
        },
      },
    },
    schedule: [
      { task: 'alerts.scan', cron: '* * * * *' },
      { task: 'alerts.digest', cron: '0 * * * *' },
    ],
  };
}
