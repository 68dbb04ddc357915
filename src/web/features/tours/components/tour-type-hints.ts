import type { TourType } from '../../../../shared/schemas/tours.ts';

/** What each tour type means for the renter, under its label (format.ts TOUR_TYPE_LABEL). */
export const TOUR_TYPE_HINTS: Record<TourType, string> = {
  in_person: 'Meet the landlord at the apartment.',
  video: 'The landlord shows you around on a video call.',
};
