import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry, WaitlistEntrySchema } from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** The entry from an answer that is the entry itself or `{ entry }`. */
function parseEntry(data: unknown): WaitlistEntry {
  const inner =
    typeof data === 'object' && data !== null && 'entry' in data
      ? (data as { entry: unknown }).entry
      : data;
  return asAnswer<typeof WaitlistEntrySchema>(inner);
}

export type WaitlistEntryAction = { entryId: string } & (
  | { action: 'offer'; start: string }
  | { action: 'remove' }
);

/** `POST /api/waitlist/{entryId}/offer` `{ start }` (a slot by hand) or `.../remove`. */
export function actOnWaitlistEntry(input: WaitlistEntryAction): Promise<WaitlistEntry> {
  return api(`/api/waitlist/${encodeURIComponent(input.entryId)}/${input.action}`, {
    method: 'POST',
    body: input.action === 'offer' ? { start: input.start } : {},
    parse: parseEntry,
  });
}

export function useWaitlistEntryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnWaitlistEntry,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: toursKeys.waitlists });
      void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
    },
  });
}
