import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { toursKeys } from '../api/tours-keys.ts';
import { toursLive } from './tours-live.ts';

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(toursKeys.list({ scope: 'upcoming' }), []);
  queryClient.setQueryData(toursKeys.myWaitlist, []);
  queryClient.setQueryData(toursKeys.slots('l1', '2026-11-01', '2026-11-21'), { slots: [] });
  queryClient.setQueryData(['messaging', 'unread-count', 'me'], { total: 0 });
  return queryClient;
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('tours live feature', () => {
  it.each([
    ['tour.changed', { tour: { id: 't1', listingId: 'l1', status: 'confirmed' } }],
    ['waitlist.changed', { entry: { id: 'w1', listingId: 'l1', status: 'offered' } }],
  ] as const)('%s refreshes the tours, the waitlist and the slots, nothing else', (type, data) => {
    const queryClient = seeded();
    const handler = toursLive.handlers[type];
    const parsed = handler?.parse(data);
    expect(parsed).not.toBeNull();
    // biome-ignore lint/suspicious/noExplicitAny: the handler's event type is the union member
    handler?.apply(parsed as any, { queryClient, me: 'me' });
    expect(stale(queryClient, toursKeys.list({ scope: 'upcoming' }))).toBe(true);
    expect(stale(queryClient, toursKeys.myWaitlist)).toBe(true);
    expect(stale(queryClient, toursKeys.slots('l1', '2026-11-01', '2026-11-21'))).toBe(true);
    expect(stale(queryClient, ['messaging', 'unread-count', 'me'])).toBe(false);
  });

  it('drops events without the tour or entry', () => {
    expect(toursLive.handlers['tour.changed']?.parse({ tour: null })).toBeNull();
    expect(toursLive.handlers['waitlist.changed']?.parse({})).toBeNull();
  });
});
