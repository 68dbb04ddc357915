import { boroughName, findNeighborhood } from '../../../../shared/neighborhoods.ts';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { TOUR_STATUS_LABEL } from '../format.ts';

/** The status as the renter reads it ("Awaiting confirmation", "Cancelled by you", "Moved"). */
export function renterStatusLabel(tour: Tour): string {
  if (tour.status === 'requested') return 'Awaiting confirmation';
  if (tour.status === 'cancelled') {
    if (tour.rescheduledToId) return 'Moved';
    return tour.cancelledBy === 'landlord' ? 'Cancelled by the landlord' : 'Cancelled by you';
  }
  if (tour.status === 'expired') return 'Request expired';
  if (tour.status === 'no_show') return 'Missed';
  return TOUR_STATUS_LABEL[tour.status];
}

/** "12 Test Street, Unit 3B · Tribeca", from what the tour tells about its listing. */
export function tourAddress(tour: Tour): string {
  const { address, unit, neighborhood, borough } = tour.listing;
  const street = [address, unit ? `Unit ${unit}` : null].filter(Boolean).join(', ');
  const place = [
    neighborhood ? (findNeighborhood(neighborhood)?.name ?? neighborhood) : null,
    borough ? boroughName(borough) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return [street, place].filter(Boolean).join(' · ');
}
