import { useQuery } from '@tanstack/react-query';
import type { AdminReportDetailSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/**
 * `GET /api/admin/reports/{id}`: the report and, for a conversation, its messages. The server
 * records each read of a conversation in the audit log.
 */
export function fetchReport(id: string, signal?: AbortSignal) {
  return api(`/api/admin/reports/${encodeURIComponent(id)}`, {
    parse: asAnswer<typeof AdminReportDetailSchema>,
    ...(signal ? { signal } : {}),
  });
}

/** Fetched once per opening (no refetch on focus: each read is an audited access). */
export function useAdminReport(id: string) {
  return useQuery({
    queryKey: adminKeys.report(id),
    queryFn: ({ signal }) => fetchReport(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
