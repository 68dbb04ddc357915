import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';
import { loadParsers } from './load-parsers.ts';

/** `GET /api/billing/subscription`: the landlord's plan, usage, card and status. */
export function fetchSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiWithParser(
    '/api/billing/subscription',
    () => loadParsers().then((p) => p.subscription),
    signal ? { signal } : {},
  );
}

/** `billing.changed` refreshes it live (any tab, a webhook too). */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => fetchSubscription(signal),
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
