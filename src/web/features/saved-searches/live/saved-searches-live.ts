import type { EventData } from '../../../../shared/schemas/events.ts';
import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { announceAlert } from '../alert-feed.ts';
import { savedSearchesKeys } from '../api/saved-searches-keys.ts';

/*
 * Saved searches' live handlers: `saved-searches.changed` (another tab changed them, or their
 * new-match counts moved) refetches them; `alert.created` is announced (a toast) and refetches
 * them too. Narrowed by hand, no zod (see LiveHandler).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const KINDS: readonly unknown[] = ['new_match', 'price_drop', 'rented'];

function parseAlert(data: unknown): EventData<'alert.created'> | null {
  if (!isObject(data) || !isObject(data.alert)) return null;
  const { alert } = data;
  const listing = alert.listing;
  const search = alert.savedSearch;
  const ok =
    typeof alert.id === 'string' &&
    KINDS.includes(alert.kind) &&
    isObject(listing) &&
    typeof listing.id === 'string' &&
    typeof listing.title === 'string' &&
    (listing.rentCents === null || typeof listing.rentCents === 'number') &&
    (alert.previousRentCents === null || typeof alert.previousRentCents === 'number') &&
    (search === null || (isObject(search) && typeof search.name === 'string'));
  return ok ? (data as EventData<'alert.created'>) : null;
}

function refresh({ queryClient }: LiveContext) {
  void queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all });
}

export const savedSearchesLive = defineLiveFeature({
  name: 'saved-searches',
  handlers: {
    'saved-searches.changed': {
      parse: (data) => (isObject(data) ? {} : null),
      apply: (_event, context) => refresh(context),
    },
    'alert.created': {
      parse: parseAlert,
      apply: ({ alert }, context) => {
        announceAlert(alert);
        refresh(context);
      },
    },
  },
  resync: refresh,
});
