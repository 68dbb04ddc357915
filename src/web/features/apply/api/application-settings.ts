import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ApplicationSettings,
  ApplicationSettingsResponseSchema,
  ApplicationSettingsView,
  ApplicationSettingsViewSchema,
} from '../../../../shared/schemas/application-settings.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { applyKeys } from './apply-keys.ts';

/** `GET /api/listings/{id}/application-settings`: what the listing asks of applicants. */
export async function fetchApplicationSettings(
  listingId: string,
  signal?: AbortSignal,
): Promise<ApplicationSettings> {
  const { settings } = await api(
    `/api/listings/${encodeURIComponent(listingId)}/application-settings`,
    { parse: asAnswer<typeof ApplicationSettingsResponseSchema>, ...(signal ? { signal } : {}) },
  );
  return settings;
}

export function useApplicationSettings(listingId: string) {
  return useQuery(
    queryOptions({
      queryKey: applyKeys.settings(listingId),
      queryFn: ({ signal }) => fetchApplicationSettings(listingId, signal),
    }),
  );
}

/** The same answer with the listing it is for: the profile page's "for this listing" card. */
export function useApplyTarget(listingId: string) {
  return useQuery(
    queryOptions({
      queryKey: applyKeys.target(listingId),
      queryFn: ({ signal }): Promise<ApplicationSettingsView> =>
        api(`/api/listings/${encodeURIComponent(listingId)}/application-settings`, {
          parse: asAnswer<typeof ApplicationSettingsViewSchema>,
          ...(signal ? { signal } : {}),
        }),
    }),
  );
}
