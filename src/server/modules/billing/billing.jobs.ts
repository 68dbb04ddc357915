import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { type ModuleJobs, type NoPayload, NoPayloadSchema } from '../../lib/jobs/jobs.ts';
import { billingDeps } from './billing.service.ts';
import { runBillingCycle } from './billing-cycle.ts';
import { expireBoosts } from './boosts.ts';

const BoostPayloadSchema = z.object({ boostId: z.uuid() });

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /** Hourly: periods that ended roll over (and are invoiced), lapsed grace periods end. */
    'billing.cycle': NoPayload;
    /** At a boost's end: it expires (the listing is no longer featured by it). */
    'billing.boost-expire': z.infer<typeof BoostPayloadSchema>;
  }
}

export function billingJobs(
  appDeps: AppDeps,
): ModuleJobs<'billing.cycle' | 'billing.boost-expire'> {
  const deps = billingDeps(appDeps);
  return {
    tasks: {
      'billing.cycle': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const { rolled, ended } = await runBillingCycle(deps);
          const expired = await expireBoosts(deps.db);
          if (rolled || ended || expired) logger.info({ rolled, ended, expired }, 'billing cycle');
        },
      },
      'billing.boost-expire': {
        payload: BoostPayloadSchema,
        async run({ boostId }) {
          await expireBoosts(deps.db, new Date(), boostId);
        },
      },
    },
    schedule: [{ task: 'billing.cycle', cron: '7 * * * *' }],
  };
}
