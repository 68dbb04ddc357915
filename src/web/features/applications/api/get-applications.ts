import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type {
  Application,
  ApplicationsPageSchema,
} from '../../../../shared/schemas/applications.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import {
  type ApplicationsFilter,
  type ApplicationsSide,
  applicationsKeys,
} from './applications-keys.ts';

export type ApplicationsPage = { items: Application[]; nextCursor: string | null };
export type ApplicationPages = InfiniteData<ApplicationsPage, string | null>;

/** `?listingId=&status=&cursor=`, blank parts left out. */
export function applicationsQueryString(filter: ApplicationsFilter, cursor?: string | null) {
  const params = new URLSearchParams();
  if (filter.listingId) params.set('listingId', filter.listingId);
  if (filter.status) params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/applications`: a page of the renter's own, or of those on the landlord's listings. */
export function fetchApplicationsPage(
  filter: ApplicationsFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApplicationsPage> {
  return apiAnswer<typeof ApplicationsPageSchema>(
    `/api/applications${applicationsQueryString(filter, cursor)}`,
    signal ? { signal } : {},
  );
}

/** The list page by page ("Show more"); live events change the loaded pages in place. */
export function useApplicationPages(side: ApplicationsSide, filter: ApplicationsFilter = {}) {
  return useInfiniteQuery({
    queryKey: applicationsKeys.list(side, filter),
    queryFn: ({ pageParam, signal }) => fetchApplicationsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });
}
