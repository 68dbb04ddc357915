import type { EventData } from '../../../../shared/schemas/events.ts';
import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { writeTour } from '../api/tour-cache.ts';
import { toursKeys } from '../api/tours-keys.ts';

/*
 * Tours' live handlers (decision 049). `tour.changed` carries the tour as both sides see it, so
 * it is written into the cached lists (tour-cache.ts) rather than refetching them; only what the
 * event cannot tell is refetched: the slots it takes or frees (buffers reach the landlord's other
 * listings too). `waitlist.changed` moves other entries' positions as well: the waitlists and
 * slots are refetched. A `ready` or `reset` refetches everything. Events are narrowed by hand to
 * what is used (see LiveHandler: no zod here).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function hasId(value: unknown): boolean {
  return isObject(value) && typeof value.id === 'string' && typeof value.listingId === 'string';
}

/** Enough of a tour to place it in a list: what `placeTour` reads, and the cards' fields. */
function isTour(value: unknown): boolean {
  return (
    hasId(value) &&
    isObject(value) &&
    typeof value.start === 'string' &&
    typeof value.status === 'string' &&
    typeof value.timeZone === 'string' &&
    isObject(value.listing) &&
    isObject(value.renter) &&
    isObject(value.landlord)
  );
}

function refreshTours({ queryClient }: LiveContext) {
  void queryClient.invalidateQueries({ queryKey: toursKeys.all });
}

export const toursLive = defineLiveFeature({
  name: 'tours',
  handlers: {
    'tour.changed': {
      parse: (data) =>
        isObject(data) && isTour(data.tour) ? (data as EventData<'tour.changed'>) : null,
      apply: ({ tour }, { queryClient }) => {
        writeTour(queryClient, tour);
        void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
      },
    },
    'waitlist.changed': {
      parse: (data) =>
        isObject(data) && hasId(data.entry) ? (data as EventData<'waitlist.changed'>) : null,
      apply: (_event, { queryClient }) => {
        void queryClient.invalidateQueries({ queryKey: toursKeys.waitlists });
        void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
      },
    },
  },
  resync: refreshTours,
});
