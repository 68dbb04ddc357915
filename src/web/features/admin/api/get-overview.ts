import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type { AdminOverview, AdminOverviewSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** `GET /api/admin/overview`: the counts at the top of the console. */
export function fetchOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api('/api/admin/overview', {
    parse: asAnswer<typeof AdminOverviewSchema>,
    ...(signal ? { signal } : {}),
  });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => fetchOverview(signal),
    // New reports arrive while the console is open: the counts follow every 30 s.
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });

export function useAdminOverview() {
  return useQuery(overviewQueryOptions());
}
