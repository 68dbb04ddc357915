import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Listing, ListingPage, ListingSummary } from '../../../../shared/schemas/listings.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/*
 * Answers are trusted to match the shared schemas' types (the API is tested against them);
 * parsing them with zod here would put zod back into the public pages' bundle (decision 012).
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parsePage(data: unknown): ListingPage {
  if (isObject(data) && Array.isArray(data.items) && typeof data.total === 'number') {
    return data as ListingPage;
  }
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

function parseListing(data: unknown): Listing {
  if (isObject(data) && isObject(data.listing) && typeof data.listing.id === 'string') {
    return data.listing as Listing;
  }
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `GET /api/listings?…` with the query string of the search page (without `cursor`). */
export function useListingSearch(queryString: string) {
  return useInfiniteQuery({
    queryKey: ['listings', 'search', queryString],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(queryString);
      if (pageParam !== null) params.set('cursor', pageParam);
      const qs = params.toString();
      return api(`/api/listings${qs ? `?${qs}` : ''}`, { parse: parsePage, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
}

/** True when an id can be a listing's (the API answers 400 for anything else). */
export function isListingId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** `GET /api/listings/{id}`; null when there is no such public listing (404, or a bad id). */
export async function fetchListing(id: string, signal?: AbortSignal): Promise<Listing | null> {
  if (!isListingId(id)) return null;
  try {
    return await api(`/api/listings/${encodeURIComponent(id)}`, {
      parse: parseListing,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function useListing(id: string) {
  return useQuery({
    queryKey: ['listings', 'detail', id],
    queryFn: ({ signal }) => fetchListing(id, signal),
    staleTime: 30_000,
  });
}

function parseItems(data: unknown): ListingSummary[] {
  const items = (data as { items?: unknown } | null)?.items;
  if (Array.isArray(items)) return items as ListingSummary[];
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `GET /api/listings/featured`. */
export function useFeaturedListings(limit?: number) {
  return useQuery({
    queryKey: ['listings', 'featured', limit ?? null],
    queryFn: ({ signal }) =>
      api(`/api/listings/featured${limit ? `?limit=${limit}` : ''}`, { parse: parseItems, signal }),
    staleTime: 60_000,
  });
}

/** The newest active listings (first page of the default search). */
export function useNewestListings(limit: number) {
  return useQuery({
    queryKey: ['listings', 'newest', limit],
    queryFn: ({ signal }) => api(`/api/listings?limit=${limit}`, { parse: parsePage, signal }),
    staleTime: 60_000,
  });
}
