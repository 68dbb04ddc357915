import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenterDashboard, RenterDashboardSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { dashboardsKeys } from './dashboards-keys.ts';

/** `GET /api/renter/dashboard`: saved (with price drops), tours, conversations, similar listings. */
export function fetchRenterDashboard(signal?: AbortSignal): Promise<RenterDashboard> {
  return apiAnswer<typeof RenterDashboardSchema>('/api/renter/dashboard', signal ? { signal } : {});
}

export function useRenterDashboard() {
  return useQuery(
    queryOptions({
      queryKey: dashboardsKeys.renter,
      queryFn: ({ signal }) => fetchRenterDashboard(signal),
      refetchOnMount: 'always',
    }),
  );
}
