import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { notesKeys } from '../api/notes-keys.ts';

/*
 * Notes' live handler: the renter's notes changed on another tab or device (`notes.changed`,
 * no data). The notes query is the store's refresh trigger (notes-provider.tsx): refetching it
 * sends what waits here, then takes the server's list.
 */

function refreshNotes({ queryClient }: LiveContext) {
  void queryClient.invalidateQueries({ queryKey: notesKeys.all });
}

export const notesLive = defineLiveFeature({
  name: 'notes',
  handlers: {
    'notes.changed': {
      parse: (data) => (typeof data === 'object' && data !== null ? {} : null),
      apply: (_event, context) => refreshNotes(context),
    },
  },
  resync: refreshNotes,
});
