import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

/** `DELETE /api/listings/{id}/waitlist`: the renter leaves the listing's waitlist. */
export async function leaveWaitlist(listingId: string): Promise<void> {
  await api(`/api/listings/${encodeURIComponent(listingId)}/waitlist`, { method: 'DELETE' });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toursKeys.myWaitlist }),
  });
}
