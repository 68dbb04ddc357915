import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Boost,
  BoostSchema,
  BoostsResponseSchema,
} from '../../../../shared/schemas/billing.ts';
import { LandlordListingsSchema } from '../../../../shared/schemas/landlord-listings.ts';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** `GET /api/billing/boosts`: the landlord's boosts (active ones with their end). */
export async function fetchBoosts(signal?: AbortSignal): Promise<Boost[]> {
  const { items } = await api('/api/billing/boosts', {
    parse: BoostsResponseSchema.parse,
    ...(signal ? { signal } : {}),
  });
  return items;
}

export function useBoosts() {
  return useQuery(
    queryOptions({ queryKey: billingKeys.boosts, queryFn: ({ signal }) => fetchBoosts(signal) }),
  );
}

/** The landlord's live listings, the only ones a boost can feature (first 100, by title). */
export async function fetchBoostableListings(signal?: AbortSignal) {
  const page = await api('/api/landlord/listings?status=active&pageSize=100', {
    parse: LandlordListingsSchema.parse,
    ...(signal ? { signal } : {}),
  });
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
export async function buyBoost(input: { listingId: string; days: number }): Promise<Boost> {
  const answer = await api('/api/billing/boosts', {
    method: 'POST',
    body: input,
    parse: BoostAnswerSchema.parse,
  });
  return 'boost' in answer ? answer.boost : answer;
}

/** The boost, alone or wrapped (`{ boost }`). */
const BoostAnswerSchema = z.union([BoostSchema, z.object({ boost: BoostSchema })]);

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
