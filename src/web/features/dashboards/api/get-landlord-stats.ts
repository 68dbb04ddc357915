import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type { LandlordStats, LandlordStatsSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { dashboardsKeys } from './dashboards-keys.ts';

/** `GET /api/landlord/stats`: every figure of the landlord dashboard in one answer. */
export function fetchLandlordStats(signal?: AbortSignal): Promise<LandlordStats> {
  return apiAnswer<typeof LandlordStatsSchema>('/api/landlord/stats', signal ? { signal } : {});
}

/**
 * `landlord.stats.changed` and `billing.changed` refetch it at once; the poll is the fallback
 * while the stream is down.
 */
export const landlordStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardsKeys.landlordStats,
    queryFn: ({ signal }) => fetchLandlordStats(signal),
    refetchOnMount: 'always',
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });

export function useLandlordStats() {
  return useQuery(landlordStatsQueryOptions());
}
