import { useQuery } from '@tanstack/react-query';
import type { ListingSummary } from '../../../../shared/schemas/listing-responses.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** `SIMILAR_LIMIT` of the shared schema, not imported: that module brings zod (decision 012). */
const SIMILAR_MAX = 6;

function parseItems(data: unknown): ListingSummary[] {
  const items = (data as { items?: unknown } | null)?.items;
  if (Array.isArray(items)) return (items as ListingSummary[]).slice(0, SIMILAR_MAX);
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `GET /api/listings/{id}/similar` (issue 16): up to 6 similar active listings. */
export function useSimilarListings(id: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['listings', 'similar', id],
    queryFn: ({ signal }) =>
      api(`/api/listings/${encodeURIComponent(id)}/similar`, { parse: parseItems, signal }),
    staleTime: 60_000,
  });
}
