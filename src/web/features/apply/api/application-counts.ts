import { useQuery } from '@tanstack/react-query';
import type {
  ApplicationCounts,
  ApplicationCountsSchema,
} from '../../../../shared/schemas/applications.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { applyKeys } from './apply-keys.ts';

/** `GET /api/applications/counts`: for the owner's "Applications (N)" on a listing page. */
export function fetchApplicationCounts(signal?: AbortSignal): Promise<ApplicationCounts> {
  return api('/api/applications/counts', {
    parse: asAnswer<typeof ApplicationCountsSchema>,
    ...(signal ? { signal } : {}),
  });
}

export function useApplicationCounts() {
  return useQuery({
    queryKey: applyKeys.counts,
    queryFn: ({ signal }) => fetchApplicationCounts(signal),
    refetchOnMount: 'always',
  });
}
