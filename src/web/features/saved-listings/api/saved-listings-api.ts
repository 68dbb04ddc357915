import { useQuery } from '@tanstack/react-query';
import type { SavedListing as ServerSavedListing } from '../../../../shared/schemas/saved-listings.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export type { ServerSavedListing };

export const savedListingsQueryKey = ['saved-listings'] as const;

function parseSaved(data: unknown): ServerSavedListing[] {
  const items = (data as { items?: unknown } | null)?.items;
  if (Array.isArray(items)) return items as ServerSavedListing[];
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `GET /api/saved-listings`: the signed-in user's saved listings, newest first. */
export function fetchSavedListings(signal?: AbortSignal): Promise<ServerSavedListing[]> {
  return api('/api/saved-listings', { parse: parseSaved, ...(signal ? { signal } : {}) });
}

/** `PUT /api/saved-listings/{id}` (201 the first time, 200 after). */
export async function saveListing(listingId: string): Promise<void> {
  await api(`/api/saved-listings/${encodeURIComponent(listingId)}`, { method: 'PUT' });
}

/** `DELETE /api/saved-listings/{id}` (204). */
export async function unsaveListing(listingId: string): Promise<void> {
  await api(`/api/saved-listings/${encodeURIComponent(listingId)}`, { method: 'DELETE' });
}

export function useServerSavedListings(enabled: boolean) {
  return useQuery({
    queryKey: savedListingsQueryKey,
    queryFn: ({ signal }) => fetchSavedListings(signal),
    enabled,
  });
}
