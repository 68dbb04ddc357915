import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, AvailabilitySchema } from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `GET /api/landlord/availability`: the signed-in landlord's hours and tour defaults. */
export function fetchAvailability(signal?: AbortSignal): Promise<Availability> {
  return api('/api/landlord/availability', {
    parse: asAnswer<typeof AvailabilitySchema>,
    ...(signal ? { signal } : {}),
  });
}

export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: toursKeys.availability,
    queryFn: ({ signal }) => fetchAvailability(signal),
  });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}
