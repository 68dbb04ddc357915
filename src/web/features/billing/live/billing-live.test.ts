import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { subscriptionFixture } from '../../../testing/billing-fixtures.ts';
import { billingKeys } from '../api/billing-keys.ts';
import { billingLive } from './billing-live.ts';

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(billingKeys.subscription, subscriptionFixture());
  queryClient.setQueryData(billingKeys.invoices, []);
  queryClient.setQueryData(billingKeys.boosts, []);
  queryClient.setQueryData(billingKeys.plans, []);
  queryClient.setQueryData(['tours', 'list'], []);
  return queryClient;
}

describe('billing live feature', () => {
  it('billing.changed writes the subscription and refetches invoices and boosts only', () => {
    const queryClient = seeded();
    const handler = billingLive.handlers['billing.changed'];
    const next = subscriptionFixture({ planId: 'pro', activeListingLimit: 50 });
    const parsed = handler?.parse({ subscription: next });
    expect(parsed).not.toBeNull();
    if (!parsed || !handler) return;
    handler.apply(parsed, { queryClient, me: 'me' });
    expect(queryClient.getQueryData(billingKeys.subscription)).toEqual(next);
    expect(stale(queryClient, billingKeys.subscription)).toBe(false);
    expect(stale(queryClient, billingKeys.invoices)).toBe(true);
    expect(stale(queryClient, billingKeys.boosts)).toBe(true);
    expect(stale(queryClient, billingKeys.plans)).toBe(false);
    expect(stale(queryClient, ['tours', 'list'])).toBe(false);
  });

  it('drops events without a subscription', () => {
    const handler = billingLive.handlers['billing.changed'];
    expect(handler?.parse({})).toBeNull();
    expect(handler?.parse({ subscription: { planId: 'pro' } })).toBeNull();
  });

  it('a resync refetches every billing query', () => {
    const queryClient = seeded();
    billingLive.resync({ queryClient, me: 'me' });
    expect(stale(queryClient, billingKeys.subscription)).toBe(true);
    expect(stale(queryClient, billingKeys.invoices)).toBe(true);
  });
});
