import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  RescheduleTourInputSchema,
  Tour,
  TourSchema,
} from '../../../../shared/schemas/tours.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { toursKeys } from './tours-keys.ts';

export type RescheduleTourRequest = { tourId: string } & z.input<typeof RescheduleTourInputSchema>;

/** `POST /api/tours/{id}/reschedule`: the new tour (the old one is cancelled and linked to it). */
export function rescheduleTour({ tourId, ...body }: RescheduleTourRequest): Promise<Tour> {
  return api(`/api/tours/${encodeURIComponent(tourId)}/reschedule`, {
    method: 'POST',
    body,
    parse: asAnswer<typeof TourSchema>,
  });
}

export function useRescheduleTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleTour,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toursKeys.all }),
  });
}
