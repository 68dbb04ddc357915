/**
 * Query keys of the renter's tour screens. Everything starts with 'tours', so a live
 * `tour.changed` / `waitlist.changed` event (or a resync) refreshes all of it at once: slots move
 * when a tour is booked or cancelled, positions when someone leaves the waitlist.
 */
export const renterTourKeys = {
  all: ['tours'] as const,
  settings: (listingId: string) => ['tours', 'settings', listingId] as const,
  slots: (listingId: string, from: string, to: string) =>
    ['tours', 'slots', listingId, from, to] as const,
  slotsOf: (listingId: string) => ['tours', 'slots', listingId] as const,
  waitlist: ['tours', 'waitlist', 'mine'] as const,
};
