import type { EventData } from '../../../../shared/schemas/events.ts';
import { defineLiveFeature } from '../../../lib/live/live-feature.ts';
import { toursKeys } from '../api/tours-keys.ts';

/*
 * Tours' live handlers: a tour or waitlist entry changed somewhere (a booking, an answer, a
 * cancellation, an offer), so every tour list, slot list and queue on screen refetches. Events
 * are narrowed by hand to the catalogue's shapes (see LiveHandler: no zod on every page).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const hasId = (value: unknown) => isObject(value) && typeof value.id === 'string';

function parseTourChanged(data: unknown): EventData<'tour.changed'> | null {
  return isObject(data) &&
    hasId(data.tour) &&
    typeof (data.tour as { status?: unknown }).status === 'string'
    ? (data as EventData<'tour.changed'>)
    : null;
}

function parseWaitlistChanged(data: unknown): EventData<'waitlist.changed'> | null {
  return isObject(data) &&
    hasId(data.entry) &&
    typeof (data.entry as { status?: unknown }).status === 'string'
    ? (data as EventData<'waitlist.changed'>)
    : null;
}

export const toursLive = defineLiveFeature({
  name: 'tours',
  handlers: {
    'tour.changed': {
      parse: parseTourChanged,
      apply: (_event, { queryClient }) => {
        void queryClient.invalidateQueries({ queryKey: toursKeys.lists });
        void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
        void queryClient.invalidateQueries({ queryKey: toursKeys.waitlists });
      },
    },
    'waitlist.changed': {
      parse: parseWaitlistChanged,
      apply: (_event, { queryClient }) => {
        void queryClient.invalidateQueries({ queryKey: toursKeys.waitlists });
        void queryClient.invalidateQueries({ queryKey: toursKeys.slotsAll });
      },
    },
  },
  resync: ({ queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: toursKeys.all });
  },
});
