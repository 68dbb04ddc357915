import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { adminKeys, listQuery } from './admin-keys.ts';

/** `GET /api/admin/audit`: who did what, newest first. */
export function fetchAudit(cursor?: string, signal?: AbortSignal) {
  return api(`/api/admin/audit${listQuery({ cursor })}`, {
    parse: asAnswer<typeof AdminAuditSchema>,
    ...(signal ? { signal } : {}),
  });
}

export function useAdminAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) => fetchAudit(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
