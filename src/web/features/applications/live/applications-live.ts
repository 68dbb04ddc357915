import type { EventData } from '../../../../shared/schemas/events.ts';
import { defineLiveFeature, type LiveContext } from '../../../lib/live/live-feature.ts';
import { dropApplication, writeApplication } from '../api/application-cache.ts';
import { applicationsKeys } from '../api/applications-keys.ts';

/*
 * Applications' live handler (decision 049). `application.changed` carries the whole application
 * as both sides see it, so it is written into the cached lists and the open detail
 * (application-cache.ts) rather than refetching them. A `ready` or `reset` refetches them all.
 * Events are narrowed by hand to what is used (see LiveHandler: no zod here).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Enough of an application to place it in a list and show it. */
function isApplication(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.status === 'string' &&
    typeof value.submittedAt === 'string' &&
    typeof value.updatedAt === 'string' &&
    Array.isArray(value.timeline) &&
    Array.isArray(value.documents) &&
    isObject(value.listing) &&
    typeof value.listing.id === 'string' &&
    isObject(value.applicant) &&
    // Null to a co-applicant or guarantor (issue 29): they never see the primary's profile.
    (value.profile === null || isObject(value.profile)) &&
    Array.isArray(value.members) &&
    isObject(value.criteria)
  );
}

function refreshApplications({ queryClient }: LiveContext) {
  void queryClient.invalidateQueries({ queryKey: applicationsKeys.lists });
  void queryClient.invalidateQueries({ queryKey: applicationsKeys.details });
}

export const applicationsLive = defineLiveFeature({
  name: 'applications',
  handlers: {
    'application.changed': {
      parse: (data) =>
        isObject(data) && isApplication(data.application)
          ? (data as EventData<'application.changed'>)
          : null,
      apply: ({ application }, { queryClient }) => writeApplication(queryClient, application),
    },
    'application.removed': {
      parse: (data) =>
        isObject(data) && typeof data.id === 'string'
          ? (data as EventData<'application.removed'>)
          : null,
      apply: ({ id }, { queryClient }) => dropApplication(queryClient, id),
    },
  },
  resync: refreshApplications,
});
