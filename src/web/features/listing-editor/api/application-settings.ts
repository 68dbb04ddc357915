import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationSettings } from '../../../../shared/schemas/application-settings.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/*
 * A listing's application criteria (issue 28), read and set whole by its landlord from the
 * editor: `GET` and `PUT /api/listings/{id}/application-settings`.
 */

export const applicationSettingsKey = (listingId: string) =>
  ['listing-editor', 'application-settings', listingId] as const;

function parseSettings(data: unknown): ApplicationSettings {
  const settings = (data as { settings?: ApplicationSettings } | null)?.settings;
  if (settings && typeof settings.acceptingApplications === 'boolean') return settings;
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

const settingsPath = (listingId: string) =>
  `/api/listings/${encodeURIComponent(listingId)}/application-settings`;

export function useApplicationSettings(listingId: string) {
  return useQuery({
    queryKey: applicationSettingsKey(listingId),
    queryFn: ({ signal }) => api(settingsPath(listingId), { parse: parseSettings, signal }),
  });
}

export function useSaveApplicationSettings(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApplicationSettings) =>
      api(settingsPath(listingId), { method: 'PUT', body: settings, parse: parseSettings }),
    onSuccess: (settings) => queryClient.setQueryData(applicationSettingsKey(listingId), settings),
  });
}
