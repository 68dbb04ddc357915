import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistEntry, WaitlistResponseSchema } from '../../../../shared/schemas/tours.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `GET /api/waitlist`: the signed-in renter's waitlist entries. */
export async function fetchMyWaitlist(signal?: AbortSignal): Promise<WaitlistEntry[]> {
  const { items } = await apiAnswer<typeof WaitlistResponseSchema>(
    '/api/waitlist',
    signal ? { signal } : {},
  );
  return items;
}

export const myWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: toursKeys.myWaitlist,
    queryFn: ({ signal }) => fetchMyWaitlist(signal),
    staleTime: 15_000,
  });

/** Entries still in the queue or holding an offer. */
export function isActiveEntry(entry: WaitlistEntry): boolean {
  return entry.status === 'waiting' || entry.status === 'offered';
}

export function useMyWaitlist(enabled = true) {
  return useQuery({ ...myWaitlistQueryOptions(), enabled });
}
