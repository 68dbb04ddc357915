import type { TourStatus } from '../../../../shared/schemas/tours.ts';

/** What `GET /api/tours` is asked for (ToursQuerySchema); left out means any. */
export type ToursFilter = {
  scope?: 'upcoming' | 'past' | 'all';
  listingId?: string;
  from?: string;
  to?: string;
  status?: TourStatus;
};

/**
 * Every tours query key starts with 'tours', so a live event or `reset` reaches them all at once
 * (renter and landlord screens alike).
 */
export const toursKeys = {
  all: ['tours'] as const,
  availability: ['tours', 'availability'] as const,
  settings: (listingId: string) => ['tours', 'settings', listingId] as const,
  slotsAll: ['tours', 'slots'] as const,
  slots: (listingId: string, from: string, to: string) =>
    ['tours', 'slots', listingId, from, to] as const,
  lists: ['tours', 'list'] as const,
  list: (filter: ToursFilter) => ['tours', 'list', filter] as const,
  waitlists: ['tours', 'waitlist'] as const,
  landlordWaitlist: ['tours', 'waitlist', 'landlord'] as const,
  myWaitlist: ['tours', 'waitlist', 'mine'] as const,
  landlordListings: ['tours', 'landlord-listings'] as const,
};
