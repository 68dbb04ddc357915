import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ApplicationCounts,
  ApplicationCountsSchema,
} from '../../../../shared/schemas/applications.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { dashboardsKeys } from './dashboards-keys.ts';

/**
 * `GET /api/applications/counts`: the dashboards' applications card in one small answer (counts,
 * not the applications themselves).
 */
export function fetchApplicationCounts(signal?: AbortSignal): Promise<ApplicationCounts> {
  return apiAnswer<typeof ApplicationCountsSchema>(
    '/api/applications/counts',
    signal ? { signal } : {},
  );
}

/**
 * `application.changed` refetches it at once (dashboards-live.ts). A dashboard opened again asks
 * afresh, but not the card that mounts just after its screen's own check of the same counts.
 */
export function useApplicationCounts() {
  return useQuery(
    queryOptions({
      queryKey: dashboardsKeys.applicationCounts,
      queryFn: ({ signal }) => fetchApplicationCounts(signal),
      staleTime: 5_000,
    }),
  );
}
