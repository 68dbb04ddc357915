import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingPins } from '../../../../shared/schemas/listing-responses.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/*
 * `GET /api/listings/pins?<the search's filters>`: every match's pin up to PINS_MAX, else the
 * server's grid clusters. Checked by hand, not with zod: the map's chunk stays small.
 */
export function parseListingPins(data: unknown): ListingPins {
  const d = data as Partial<ListingPins> | null;
  if (
    typeof d === 'object' &&
    d !== null &&
    typeof d.total === 'number' &&
    Array.isArray(d.pins) &&
    Array.isArray(d.clusters)
  ) {
    return d as ListingPins;
  }
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** The search's query string without what pins ignore (the order). */
export function pinsQueryString(queryString: string): string {
  const params = new URLSearchParams(queryString);
  params.delete('sort');
  params.delete('cursor');
  params.delete('limit');
  return params.toString();
}

export function listingPinsQueryOptions(queryString: string) {
  const qs = pinsQueryString(queryString);
  return queryOptions({
    queryKey: ['listings', 'pins', qs],
    queryFn: ({ signal }) =>
      api(`/api/listings/pins${qs ? `?${qs}` : ''}`, { parse: parseListingPins, signal }),
    staleTime: 30_000,
  });
}

/** The pins of a search; the previous search's stay on the map while the next one loads. */
export function useListingPins(queryString: string, enabled = true) {
  return useQuery({
    ...listingPinsQueryOptions(queryString),
    placeholderData: keepPreviousData,
    enabled,
  });
}
