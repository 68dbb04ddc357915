import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { applyKeys } from '../api/apply-keys.ts';

/*
 * An application moved (the landlord asked, offered, decided; the listing was rented): the
 * listing page's status and the owner's count are asked again. Nothing is parsed beyond the
 * event's type (no zod on the stream, see LiveHandler).
 */

const refetch = (_event: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: applyKeys.all });

const anyData = <T>(data: unknown) =>
  typeof data === 'object' && data !== null ? (data as T) : null;

export const applyLive = defineLiveFeature({
  name: 'apply',
  handlers: { 'application.changed': { parse: anyData, apply: refetch } },
  resync: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: applyKeys.all }),
});
