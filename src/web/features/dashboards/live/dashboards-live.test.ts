import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { subscriptionFixture } from '../../../testing/billing-fixtures.ts';
import { dashboardsKeys } from '../api/dashboards-keys.ts';
import { dashboardsLive } from './dashboards-live.ts';

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(dashboardsKeys.landlordStats, {});
  queryClient.setQueryData(dashboardsKeys.renter, {});
  queryClient.setQueryData(dashboardsKeys.applicationCounts, {});
  return queryClient;
}

function run(
  type: 'landlord.stats.changed' | 'billing.changed' | 'tour.changed' | 'application.changed',
  data: unknown,
) {
  const queryClient = seeded();
  const handler = dashboardsLive.handlers[type] as
    | {
        parse(d: unknown): unknown;
        apply(d: unknown, c: { queryClient: QueryClient; me: string }): void;
      }
    | undefined;
  const parsed = handler?.parse(data);
  expect(parsed).not.toBeNull();
  handler?.apply(parsed, { queryClient, me: 'me' });
  return queryClient;
}

describe('dashboards live feature', () => {
  it.each([
    ['landlord.stats.changed', {}],
    ['billing.changed', { subscription: subscriptionFixture() }],
  ] as const)('%s refetches the landlord figures only', (type, data) => {
    const queryClient = run(type, data);
    expect(stale(queryClient, dashboardsKeys.landlordStats)).toBe(true);
    expect(stale(queryClient, dashboardsKeys.renter)).toBe(false);
  });

  it('a tour change refetches the renter dashboard', () => {
    const queryClient = run('tour.changed', { tour: { id: 't1' } });
    expect(stale(queryClient, dashboardsKeys.renter)).toBe(true);
  });

  it('an application change refetches the applications counts only', () => {
    const queryClient = run('application.changed', { application: { id: 'a1' } });
    expect(stale(queryClient, dashboardsKeys.applicationCounts)).toBe(true);
    expect(stale(queryClient, dashboardsKeys.landlordStats)).toBe(false);
    expect(stale(queryClient, dashboardsKeys.renter)).toBe(false);
  });
});
