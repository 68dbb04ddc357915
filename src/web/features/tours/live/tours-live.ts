import type { EventData } from '../../../../shared/schemas/events.ts';
import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { toursKeys } from '../api/tours-keys.ts';

/*
 * Tours' live handlers: a tour or waitlist entry changed (booked, answered, moved, cancelled,
 * offered…). Every tour query is refetched: the lists, the slots it takes or frees, the waitlist
 * positions. Events are narrowed by hand to what is used (see LiveHandler: no zod here).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function hasId(value: unknown): boolean {
  return isObject(value) && typeof value.id === 'string' && typeof value.listingId === 'string';
}

function refreshTours({ queryClient }: LiveContext) {
  void queryClient.invalidateQueries({ queryKey: toursKeys.all });
}

export const toursLive = defineLiveFeature({
  name: 'tours',
  handlers: {
    'tour.changed': {
      parse: (data) =>
        isObject(data) && hasId(data.tour) ? (data as EventData<'tour.changed'>) : null,
      apply: (_event, context) => refreshTours(context),
    },
    'waitlist.changed': {
      parse: (data) =>
        isObject(data) && hasId(data.entry) ? (data as EventData<'waitlist.changed'>) : null,
      apply: (_event, context) => refreshTours(context),
    },
  },
  resync: refreshTours,
});
