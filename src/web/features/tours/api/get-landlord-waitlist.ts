import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '../../../../shared/constants.ts';
import type { LandlordWaitlistSchema } from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

export type LandlordWaitlist = ReturnType<typeof asAnswer<typeof LandlordWaitlistSchema>>['items'];

/** `GET /api/landlord/waitlist`: each of the landlord's listings with its queue. */
export async function fetchLandlordWaitlist(signal?: AbortSignal): Promise<LandlordWaitlist> {
  const { items } = await api('/api/landlord/waitlist', {
    parse: asAnswer<typeof LandlordWaitlistSchema>,
    ...(signal ? { signal } : {}),
  });
  return items;
}

export const landlordWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: toursKeys.landlordWaitlist,
    queryFn: ({ signal }) => fetchLandlordWaitlist(signal),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });

export function useLandlordWaitlist() {
  return useQuery(landlordWaitlistQueryOptions());
}
