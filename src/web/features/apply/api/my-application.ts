import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Application,
  ApplicationsPageSchema,
} from '../../../../shared/schemas/applications.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { applyKeys } from './apply-keys.ts';

/**
 * `GET /api/applications?listingId=`: the renter's latest application to this listing (theirs
 * come newest first), or null when they have not applied.
 */
export async function fetchMyApplication(
  listingId: string,
  signal?: AbortSignal,
): Promise<Application | null> {
  const { items } = await api(`/api/applications?listingId=${encodeURIComponent(listingId)}`, {
    parse: asAnswer<typeof ApplicationsPageSchema>,
    ...(signal ? { signal } : {}),
  });
  return items[0] ?? null;
}

/** `enabled` false (a visitor) asks nothing. */
export function useMyApplication(listingId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: applyKeys.mine(listingId),
      queryFn: ({ signal }) => fetchMyApplication(listingId, signal),
      enabled,
    }),
  );
}
