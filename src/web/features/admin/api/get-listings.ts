import { useInfiniteQuery } from '@tanstack/react-query';
import { AdminListingsSchema } from '../../../../shared/schemas/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, listQuery } from './admin-keys.ts';

/** `GET /api/admin/listings?q=`: listings in any state by title, address or landlord. */
export function fetchListings(q: string, cursor?: string, signal?: AbortSignal) {
  return api(`/api/admin/listings${listQuery({ q, cursor })}`, {
    parse: AdminListingsSchema.parse,
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
