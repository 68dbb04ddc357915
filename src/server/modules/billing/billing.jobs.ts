import type { AppDeps } from '../../app-deps.ts';
import { type ModuleJobs, type NoPayload, NoPayloadSchema } from '../../lib/jobs/jobs.ts';
import { billingDeps } from './billing.service.ts';
import { runBillingCycle } from './billing-cycle.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /** Hourly: periods that ended roll over (and are invoiced), lapsed grace periods end. */
    'billing.cycle': NoPayload;
  }
}

export function billingJobs(appDeps: AppDeps): ModuleJobs<'billing.cycle'> {
  const deps = billingDeps(appDeps);
  return {
    tasks: {
      'billing.cycle': {
        payload: NoPayloadSchema,
        async run(_payload, { logger }) {
          const { rolled, ended } = await runBillingCycle(deps);
          if (rolled || ended) logger.info({ rolled, ended }, 'billing cycle');
        },
      },
    },
    schedule: [{ task: 'billing.cycle', cron: '7 * * * *' }],
  };
}
