import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportsSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { adminKeys, listQuery, type ReportStatusFilter } from './admin-keys.ts';

/** `GET /api/admin/reports?status=…`: one page of the queue (open: oldest first is the server's call). */
export function fetchReports(status: ReportStatusFilter, cursor?: string, signal?: AbortSignal) {
  return api(`/api/admin/reports${listQuery({ status, cursor })}`, {
    parse: asAnswer<typeof AdminReportsSchema>,
    ...(signal ? { signal } : {}),
  });
}

/** The reports queue, page by page ("Load more" follows `nextCursor`). */
export function useAdminReports(status: ReportStatusFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) => fetchReports(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
