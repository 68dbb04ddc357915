import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Availability,
  AvailabilityInput,
  AvailabilitySchema,
} from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `PUT /api/landlord/availability`: the fields given replace the saved ones. */
export function updateAvailability(input: AvailabilityInput): Promise<Availability> {
  return api('/api/landlord/availability', {
    method: 'PUT',
    body: input,
    parse: asAnswer<typeof AvailabilitySchema>,
  });
}

/** Saves, then refreshes every listing's settings and slots (they follow the defaults). */
export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvailability,
    onSuccess: (saved) => {
      queryClient.setQueryData(toursKeys.availability, saved);
      void queryClient.invalidateQueries({ queryKey: ['tours', 'settings'] });
      void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
    },
  });
}
