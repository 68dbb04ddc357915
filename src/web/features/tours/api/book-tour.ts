import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookTourInput, Tour, TourSchema } from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { writeTour } from './tour-cache.ts';
import { toursKeys } from './tours-keys.ts';

/**
 * `POST /api/tours`: 201 with the tour (confirmed at once, or requested); 409 SLOT_TAKEN when
 * someone was faster. The same idempotency key again answers with the first tour.
 */
export function bookTour(input: BookTourInput): Promise<Tour> {
  return api('/api/tours', { method: 'POST', body: input, parse: asAnswer<typeof TourSchema> });
}

export function useBookTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookTour,
    // The answer is the tour: written into the lists, not refetched (decision 049).
    onSuccess: (tour) => writeTour(queryClient, tour),
    // Taken or not, the slots changed; a booked offer left the renter's waitlist.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll }),
        queryClient.invalidateQueries({ queryKey: toursKeys.waitlists }),
      ]),
  });
}

/** A fresh idempotency key (`crypto.randomUUID` needs a secure context, hence the fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
