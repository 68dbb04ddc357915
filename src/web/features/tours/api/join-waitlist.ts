import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  WaitlistEntry,
  WaitlistEntrySchema,
  WaitlistPreferences,
} from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

export type JoinWaitlistRequest = { listingId: string; preferences?: WaitlistPreferences };

/** The entry, at the top level or as `{ entry }`. */
export function parseEntryAnswer(data: unknown): WaitlistEntry {
  const inner =
    typeof data === 'object' && data !== null && 'entry' in data
      ? (data as { entry: unknown }).entry
      : data;
  return asAnswer<typeof WaitlistEntrySchema>(inner);
}

/** `POST /api/listings/{id}/waitlist` `{ preferences? }`: the renter's entry, with its position. */
export function joinWaitlist({ listingId, preferences }: JoinWaitlistRequest) {
  return api(`/api/listings/${encodeURIComponent(listingId)}/waitlist`, {
    method: 'POST',
    body: preferences ? { preferences } : {},
    parse: parseEntryAnswer,
  });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toursKeys.myWaitlist }),
  });
}
