import type { TourType } from '../../../../shared/schemas/tours.ts';

export const TOUR_TYPE_LABELS: Record<TourType, string> = {
  in_person: 'In person',
  video: 'Video call',
};

export const TOUR_TYPE_HINTS: Record<TourType, string> = {
  in_person: 'Meet the landlord at the apartment.',
  video: 'The landlord shows you around on a video call.',
};
