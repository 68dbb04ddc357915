import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponseSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** `GET /api/billing/plans` (public): the plans, cheapest first. */
export async function fetchPlans(signal?: AbortSignal) {
  const { items } = await apiAnswer<typeof PlansResponseSchema>(
    '/api/billing/plans',
    signal ? { signal } : {},
  );
  return [...items].sort((a, b) => a.priceCents - b.priceCents);
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => fetchPlans(signal),
    // Plans change with a deploy, not while a page is open.
    staleTime: 60 * 60 * 1000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
