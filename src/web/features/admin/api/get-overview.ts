import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminOverview, AdminOverviewSchema } from '../../../../shared/schemas/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** `GET /api/admin/overview`: the counts at the top of the console. */
export function fetchOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api('/api/admin/overview', {
    parse: AdminOverviewSchema.parse,
    ...(signal ? { signal } : {}),
  });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => fetchOverview(signal),
  });

export function useAdminOverview() {
  return useQuery(overviewQueryOptions());
}
