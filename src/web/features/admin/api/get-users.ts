import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUsersSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { adminKeys, listQuery } from './admin-keys.ts';

/** `GET /api/admin/users?q=`: accounts by name or email, newest first. */
export function fetchUsers(q: string, cursor?: string, signal?: AbortSignal) {
  return api(`/api/admin/users${listQuery({ q, cursor })}`, {
    parse: asAnswer<typeof AdminUsersSchema>,
    ...(signal ? { signal } : {}),
  });
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) => fetchUsers(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });
}
