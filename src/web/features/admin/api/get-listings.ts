import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminListingsSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { adminKeys, listQuery } from './admin-keys.ts';

/** `GET /api/admin/listings?q=`: listings in any state by title, address or landlord. */
export function fetchListings(q: string, cursor?: string, signal?: AbortSignal) {
  return api(`/api/admin/listings${listQuery({ q, cursor })}`, {
    parse: asAnswer<typeof AdminListingsSchema>,
    ...(signal ? { signal } : {}),
  });
}

export function useAdminListings(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.listings(q),
    queryFn: ({ pageParam, signal }) => fetchListings(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });
}
