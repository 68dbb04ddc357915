import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationCounts } from '../../../../shared/schemas/applications.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { dashboardsKeys } from './dashboards-keys.ts';

/**
 * `GET /api/applications/counts`: the dashboards' applications card in one small answer (counts,
 * not the applications themselves).
 */
export function fetchApplicationCounts(signal?: AbortSignal): Promise<ApplicationCounts> {
  return apiWithParser(
    '/api/applications/counts',
    () => import('./parsers.ts').then((p) => p.applicationCounts),
    signal ? { signal } : {},
  );
}

/** `application.changed` refetches it at once (dashboards-live.ts). */
export function useApplicationCounts() {
  return useQuery(
    queryOptions({
      queryKey: dashboardsKeys.applicationCounts,
      queryFn: ({ signal }) => fetchApplicationCounts(signal),
      refetchOnMount: 'always',
    }),
  );
}
