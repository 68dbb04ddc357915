import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Boost,
  BoostSchema,
  BoostsResponseSchema,
} from '../../../../shared/schemas/billing.ts';
import type { LandlordListingChoicesSchema } from '../../../../shared/schemas/landlord-listings.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** `GET /api/billing/boosts`: the landlord's boosts (active ones with their end). */
export async function fetchBoosts(signal?: AbortSignal): Promise<Boost[]> {
  const { items } = await apiAnswer<typeof BoostsResponseSchema>(
    '/api/billing/boosts',
    signal ? { signal } : {},
  );
  return items;
}

export function useBoosts() {
  return useQuery(
    queryOptions({ queryKey: billingKeys.boosts, queryFn: ({ signal }) => fetchBoosts(signal) }),
  );
}

/** The landlord's live listings, the only ones a boost can feature (all of them, by title). */
export async function fetchBoostableListings(signal?: AbortSignal) {
  const { items } = await apiAnswer<typeof LandlordListingChoicesSchema>(
    '/api/landlord/listing-choices?status=active',
    signal ? { signal } : {},
  );
  return items.sort((a, b) => a.title.localeCompare(b.title));
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
  return apiAnswer<typeof BoostSchema>('/api/billing/boosts', {
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
