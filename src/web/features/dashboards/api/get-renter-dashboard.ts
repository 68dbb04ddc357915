import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenterDashboard } from '../../../../shared/schemas/billing.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { dashboardsKeys } from './dashboards-keys.ts';

/** `GET /api/renter/dashboard`: saved (with price drops), tours, conversations, similar listings. */
export function fetchRenterDashboard(signal?: AbortSignal): Promise<RenterDashboard> {
  return apiWithParser(
    '/api/renter/dashboard',
    () => import('./parsers.ts').then((p) => p.renterDashboard),
    signal ? { signal } : {},
  );
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
