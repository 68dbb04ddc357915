import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Tour, TourSchema } from '../../../../shared/schemas/tours.ts';
import { api } from '../../../lib/api-client.ts';
import { renterTourKeys } from './tours-query-keys.ts';

export type CancelTourRequest = { tourId: string; reason?: string };

/** `POST /api/tours/{id}/cancel` `{ reason? }`: the cancelled tour. */
export function cancelTour({ tourId, reason }: CancelTourRequest): Promise<Tour> {
  return api(`/api/tours/${encodeURIComponent(tourId)}/cancel`, {
    method: 'POST',
    body: reason ? { reason } : {},
    parse: TourSchema.parse,
  });
}

export function useCancelTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTour,
    onSettled: () => queryClient.invalidateQueries({ queryKey: renterTourKeys.all }),
  });
}
