import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { dashboardsKeys } from '../api/dashboards-keys.ts';

/*
 * The dashboards' live handlers: the landlord's figures moved (`landlord.stats.changed`, at most
 * one every few seconds) or the plan changed (`billing.changed`: usage and limit); a renter's
 * dashboard follows tours and messages; both count applications. Each refetches its dashboard; nothing is parsed beyond
 * the event's type (no zod on the stream, see LiveHandler).
 */

const refetch =
  (key: readonly unknown[]) =>
  (_event: unknown, { queryClient }: LiveContext) =>
    void queryClient.invalidateQueries({ queryKey: key });

const anyData = <T>(data: unknown) =>
  typeof data === 'object' && data !== null ? (data as T) : null;

export const dashboardsLive = defineLiveFeature({
  name: 'dashboards',
  handlers: {
    'landlord.stats.changed': { parse: anyData, apply: refetch(dashboardsKeys.landlordStats) },
    'billing.changed': { parse: anyData, apply: refetch(dashboardsKeys.landlordStats) },
    'tour.changed': { parse: anyData, apply: refetch(dashboardsKeys.renter) },
    'unread.changed': { parse: anyData, apply: refetch(dashboardsKeys.renter) },
    'application.changed': { parse: anyData, apply: refetch(dashboardsKeys.applicationCounts) },
  },
  resync: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: dashboardsKeys.all }),
});
