import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription, SubscriptionSchema } from '../../../../shared/schemas/billing.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** `GET /api/billing/subscription`: the landlord's plan, usage, card and status. */
export function fetchSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiAnswer<typeof SubscriptionSchema>(
    '/api/billing/subscription',
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
