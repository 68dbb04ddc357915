import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Boost } from '../../../../shared/schemas/billing.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';
import { loadParsers } from './load-parsers.ts';

/** `GET /api/billing/boosts`: the landlord's boosts (active ones with their end). */
export async function fetchBoosts(signal?: AbortSignal): Promise<Boost[]> {
  const { items } = await apiWithParser(
    '/api/billing/boosts',
    () => loadParsers().then((p) => p.boosts),
    signal ? { signal } : {},
  );
  return items;
}

export function useBoosts() {
  return useQuery(
    queryOptions({ queryKey: billingKeys.boosts, queryFn: ({ signal }) => fetchBoosts(signal) }),
  );
}

/** The landlord's live listings, the only ones a boost can feature (first 100, by title). */
export async function fetchBoostableListings(signal?: AbortSignal) {
  const page = await apiWithParser(
    '/api/landlord/listings?status=active&pageSize=100',
    () => loadParsers().then((p) => p.landlordListings),
    signal ? { signal } : {},
  );
  return [...page.items].sort((a, b) => a.title.localeCompare(b.title));
}

export function useBoostableListings() {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.boostListings,
      queryFn: ({ signal }) => fetchBoostableListings(signal),
    }),
  );
}

/** `POST /api/billing/boosts` `{ listingId, days }`: charged at once, featured until `endsAt`. */
export function buyBoost(input: { listingId: string; days: number }): Promise<Boost> {
  return apiWithParser('/api/billing/boosts', () => loadParsers().then((p) => p.boost), {
    method: 'POST',
    body: input,
  });
}

export function useBuyBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyBoost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.boosts });
      void queryClient.invalidateQueries({ queryKey: billingKeys.invoices });
    },
  });
}
