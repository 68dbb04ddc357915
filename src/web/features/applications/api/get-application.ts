import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, ApplicationSchema } from '../../../../shared/schemas/applications.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { applicationsKeys } from './applications-keys.ts';

/** `GET /api/applications/{id}`: the first one by the landlord puts "viewed" on its timeline. */
export function fetchApplication(id: string, signal?: AbortSignal): Promise<Application> {
  return apiAnswer<typeof ApplicationSchema>(
    `/api/applications/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
}

export const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationsKeys.detail(id),
    queryFn: ({ signal }) => fetchApplication(id, signal),
  });

export function useApplication(id: string) {
  return useQuery(applicationQueryOptions(id));
}
