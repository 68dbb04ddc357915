import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tour, TourSchema } from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { writeTour } from './tour-cache.ts';
import { toursKeys } from './tours-keys.ts';

/** The state changes `POST /api/tours/{id}/{action}` offers besides reschedule. */
export type TourAction = 'confirm' | 'decline' | 'cancel' | 'complete' | 'no-show';

/** The tour from an answer that is the tour itself or `{ tour }`. */
function parseTour(data: unknown): Tour {
  const inner =
    typeof data === 'object' && data !== null && 'tour' in data
      ? (data as { tour: unknown }).tour
      : data;
  return asAnswer<typeof TourSchema>(inner);
}

/** `POST /api/tours/{id}/{action}`; decline and cancel take an optional reason. */
export function transitionTour(id: string, action: TourAction, reason?: string): Promise<Tour> {
  const trimmed = reason?.trim();
  return api(`/api/tours/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: trimmed && (action === 'decline' || action === 'cancel') ? { reason: trimmed } : {},
    parse: parseTour,
  });
}

/**
 * Runs a transition and writes the tour it answers with into the lists (decision 049); a refusal
 * refetches them (the tour moved meanwhile). The slots it frees and the waitlists are refetched.
 */
export function useTourTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: TourAction; reason?: string }) =>
      transitionTour(id, action, reason),
    onSuccess: (tour) => writeTour(queryClient, tour),
    onError: () => void queryClient.invalidateQueries({ queryKey: toursKeys.lists }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
      void queryClient.invalidateQueries({ queryKey: toursKeys.waitlists });
    },
  });
}
