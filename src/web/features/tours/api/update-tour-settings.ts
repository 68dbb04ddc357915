import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ListingTourSettings,
  ListingTourSettingsSchema,
  TourSettingsInput,
} from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `PUT /api/listings/{id}/tour-settings`: its own settings, or `inherit: true` to follow the defaults. */
export function updateTourSettings(
  listingId: string,
  input: TourSettingsInput,
): Promise<ListingTourSettings> {
  return api(`/api/listings/${encodeURIComponent(listingId)}/tour-settings`, {
    method: 'PUT',
    body: input,
    parse: asAnswer<typeof ListingTourSettingsSchema>,
  });
}

export function useUpdateTourSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, input }: { listingId: string; input: TourSettingsInput }) =>
      updateTourSettings(listingId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(toursKeys.settings(saved.listingId), saved);
      void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
      void queryClient.invalidateQueries({ queryKey: toursKeys.landlordWaitlist });
    },
  });
}
