import type { Tour } from '../../../shared/schemas/tours.ts';
import type { NoteDraft } from '../../features/notes/notes-store.ts';
import { localDate } from '../../features/tours/format.ts';

/** A new note about a tour: its listing's address and unit, on the tour's day (its zone). */
export function draftFromTour(tour: Tour): NoteDraft {
  return {
    propertyAddress: tour.listing.address ?? tour.listing.title,
    unitNumber: tour.listing.unit ?? '',
    dateViewed: localDate(tour.start, tour.timeZone),
    listingId: tour.listingId,
  };
}
