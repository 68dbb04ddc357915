import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Tour, TourStatus } from '../../../shared/schemas/tours.ts';

/*
 * A tour as an iCalendar file (RFC 5545/5546), built by ical-generator. One UID per reschedule
 * chain, so a moved tour replaces the old event in the renter's calendar instead of adding a
 * second one; SEQUENCE is the tour's own counter, raised on every change the file shows. Times
 * are UTC (`...Z`), so no client has to resolve a time zone.
 */

export type CalendarTour = Pick<
  Tour,
  'id' | 'start' | 'end' | 'type' | 'status' | 'note' | 'sequence' | 'listing' | 'landlord'
> & { chainRootId: string; updatedAt: string };

/** Statuses whose file takes the event off the calendar. */
const CANCELLING: readonly TourStatus[] = ['cancelled', 'declined', 'expired'];

export function calendarUid(chainRootId: string): string {
  return `tour-${chainRootId}@stoop`;
}

export function tourLocation(tour: Pick<CalendarTour, 'type' | 'listing'>): string | null {
  if (tour.type === 'video') return null;
  const { address, unit, borough } = tour.listing;
  if (!address) return null;
  return [unit ? `${address}, ${unit}` : address, borough ? `${borough}, NY` : 'New York, NY']
    .filter(Boolean)
    .join(', ');
}

export function calendarFileName(tour: Pick<CalendarTour, 'id'>): string {
  return `stoop-tour-${tour.id.slice(0, 8)}.ics`;
}

export function tourCalendar(
  tour: CalendarTour,
  options: { baseUrl: string; organizerEmail: string },
): string {
  const cancelled = CANCELLING.includes(tour.status);
  const calendar = ical({
    prodId: { company: 'Stoop', product: 'Tours', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  const type = tour.type === 'video' ? 'Video tour' : 'Tour';
  const description = [
    `${type} of ${tour.listing.title} with ${tour.landlord.name}.`,
    tour.type === 'video' ? 'The landlord sends the video link in your Stoop conversation.' : null,
    tour.note ? `Note: ${tour.note}` : null,
    `Details: ${options.baseUrl}/tours`,
  ]
    .filter(Boolean)
    .join('\n');
  calendar.createEvent({
    id: calendarUid(tour.chainRootId),
    sequence: tour.sequence,
    start: new Date(tour.start),
    end: new Date(tour.end),
    stamp: new Date(tour.updatedAt),
    summary: `${type}: ${tour.listing.title}`,
    description,
    location: tourLocation(tour),
    url: `${options.baseUrl}/tours`,
    organizer: { name: tour.landlord.name, email: options.organizerEmail },
    status: cancelled
      ? ICalEventStatus.CANCELLED
      : tour.status === 'requested'
        ? ICalEventStatus.TENTATIVE
        : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
