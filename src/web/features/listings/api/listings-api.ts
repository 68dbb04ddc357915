import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GALLERY_SIZES } from '../../../../shared/listing-photos.ts';
import {
  LISTING_PAGE_DATA_ID,
  type ListingStatus,
  SEARCH_PAGE_DATA_ID,
} from '../../../../shared/listings.ts';
import type {
  Listing,
  ListingPage,
  ListingSummary,
} from '../../../../shared/schemas/listing-responses.ts';
import { pageQueryKeys } from '../../../../shared/ssr.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { isHydrating } from '../../../lib/hydration.ts';
import { preloadPhoto } from '../photo-preload.ts';

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

/**
 * The first page a server-answered `/search` carries in its HTML, taken once: only when it
 * answers the same search (a bare /search that restored stored filters asks the API).
 */
function takeServerPage(queryString: string): ListingPage | undefined {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(SEARCH_PAGE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (!isObject(data) || data.query !== queryString) return undefined;
    return parsePage(data.page);
  } catch {
    return undefined;
  }
}

/** `GET /api/listings?…` with the query string of the search page (without `cursor`). */
export function useListingSearch(queryString: string) {
  return useInfiniteQuery({
    queryKey: pageQueryKeys.listingSearch(queryString),
    initialData: () => {
      const page = takeServerPage(queryString);
      return page ? { pages: [page], pageParams: [null] } : undefined;
    },
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

/**
 * The number of listings a search finds (its first page's total, asked with limit=1), for a
 * "Show N apartments" button; `null` asks nothing.
 */
export function useListingTotal(queryString: string | null) {
  return useQuery({
    queryKey: ['listings', 'total', queryString],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(queryString ?? '');
      params.set('limit', '1');
      return api(`/api/listings?${params}`, { parse: parsePage, signal }).then(
        (page) => page.total,
      );
    },
    enabled: queryString !== null,
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

/**
 * The listing a server-answered listing page carries in its HTML (`{ listing }`, the API's
 * answer to a visitor), read once: the element is removed whatever it holds.
 */
export function readServerListing(doc: Document): Listing | undefined {
  const element = doc.getElementById(LISTING_PAGE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return parseListing(JSON.parse(element.textContent ?? ''));
  } catch {
    return undefined;
  }
}

let serverListing: Listing | undefined;

/** Keeps `listing` for the first useListing (called once below when this module loads). */
export function keepServerListing(listing: Listing | undefined): void {
  serverListing = listing;
}

/** The listing the page arrived with, for the first useListing only, and only for its id. */
export function takeServerListing(id: string): Listing | undefined {
  const listing = serverListing;
  serverListing = undefined;
  return listing?.id === id ? listing : undefined;
}

/*
 * A listing page opened directly (a fresh load of /listings/{id}) asks for its listing as soon
 * as this module arrives with the page's code, not when the page first renders: on a phone the
 * page first replaces itself with /listings/{id}/mobile, whose code is one more round trip away,
 * and the cover photo (the page's largest paint) can only be asked for once the listing is in.
 * The answer goes to the first useListing(id) that wants it; later ones fetch as usual.
 * A page the server answered with its listing inlined (and its cover preloaded) needs neither.
 */
const EARLY_MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; listing: Promise<Listing | null> }>();

export function startEarlyListingFetch(pathname: string): void {
  const match = /^\/listings\/([^/]+)(?:\/mobile)?\/?$/.exec(pathname);
  const id = match?.[1] ?? '';
  if (!isListingId(id)) return;
  const listing = fetchListing(id).then((data) => {
    if (data?.photos[0]) preloadPhoto(data.photos[0], GALLERY_SIZES);
    return data;
  });
  listing.catch(() => {}); // whoever takes it handles the error; nobody may
  early.set(id, { at: Date.now(), listing });
}

export function takeEarlyListing(id: string): Promise<Listing | null> | undefined {
  const entry = early.get(id);
  early.delete(id);
  return entry && Date.now() - entry.at < EARLY_MAX_AGE_MS ? entry.listing : undefined;
}

// A server-rendered page (decision 075) has its listing in the query cache already.
if (typeof window !== 'undefined' && window.location && !isHydrating()) {
  keepServerListing(readServerListing(document));
  if (!serverListing) startEarlyListingFetch(window.location.pathname);
}

export function useListing(id: string) {
  return useQuery({
    queryKey: pageQueryKeys.listing(id),
    queryFn: ({ signal }) => takeEarlyListing(id) ?? fetchListing(id, signal),
    // The page shows the listing it arrived with at once, taken as already stale so it still
    // asks the API once behind it: that request counts the view (the server's getListing) and
    // answers for this viewer.
    // Not an id at all: no such listing, known without asking (the API would answer 400).
    initialData: () => (isListingId(id) ? takeServerListing(id) : null),
    initialDataUpdatedAt: 0,
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
    queryKey: pageQueryKeys.featuredListings(limit ?? null),
    queryFn: ({ signal }) =>
      api(`/api/listings/featured${limit ? `?limit=${limit}` : ''}`, { parse: parseItems, signal }),
    staleTime: 60_000,
  });
}

/** The newest active listings (first page of the default search). */
export function useNewestListings(limit: number) {
  return useQuery({
    queryKey: pageQueryKeys.newestListings(limit),
    queryFn: ({ signal }) => api(`/api/listings?limit=${limit}`, { parse: parsePage, signal }),
    staleTime: 60_000,
  });
}

/**
 * `PATCH /api/listings/{id}` `{ status }`: the owner archives a listing or marks it rented from
 * its page. The page shows the answer at once; lists that hold the listing refetch (the landlord's
 * table is ['landlord', 'listings'], owned by the listing editor).
 */
export function useSetListingStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ListingStatus) =>
      api(`/api/listings/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
        parse: parseListing,
      }),
    onSuccess: (listing) => {
      queryClient.setQueryData(pageQueryKeys.listing(id), listing);
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'landlord' ||
          (query.queryKey[0] === 'listings' && query.queryKey[1] !== 'detail'),
      });
    },
  });
}
