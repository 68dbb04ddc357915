import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../../shared/schemas/saved-searches.ts';
import { anAlert } from '../../../testing/saved-searches-fixtures.ts';
import { onAlert } from '../alert-feed.ts';
import { savedSearchesKeys } from '../api/saved-searches-keys.ts';
import { savedSearchesLive } from './saved-searches-live.ts';

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('saved searches live feature', () => {
  it('saved-searches.changed refreshes the saved searches and their matches, nothing else', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(savedSearchesKeys.list, []);
    queryClient.setQueryData(savedSearchesKeys.matches('s1'), 1);
    queryClient.setQueryData(['tours', 'list'], []);
    const handler = savedSearchesLive.handlers['saved-searches.changed'];
    const parsed = handler?.parse({});
    expect(parsed).toEqual({});
    if (parsed) handler?.apply(parsed, { queryClient, me: 'u1' });
    expect(stale(queryClient, savedSearchesKeys.list)).toBe(true);
    expect(stale(queryClient, savedSearchesKeys.matches('s1'))).toBe(true);
    expect(stale(queryClient, ['tours', 'list'])).toBe(false);
  });

  it('alert.created announces the alert and refreshes the saved searches', () => {
    const heard: Alert[] = [];
    stop = onAlert((alert) => heard.push(alert));
    const queryClient = new QueryClient();
    queryClient.setQueryData(savedSearchesKeys.list, []);
    const handler = savedSearchesLive.handlers['alert.created'];
    const alert = anAlert({ kind: 'price_drop', previousRentCents: 350_000 });
    const parsed = handler?.parse({ alert });
    expect(parsed).toEqual({ alert });
    if (parsed) handler?.apply(parsed, { queryClient, me: 'u1' });
    expect(heard).toEqual([alert]);
    expect(stale(queryClient, savedSearchesKeys.list)).toBe(true);
  });

  it('drops malformed events, and resyncs after missed ones', () => {
    const handler = savedSearchesLive.handlers['alert.created'];
    expect(handler?.parse(null)).toBeNull();
    expect(handler?.parse({ alert: { ...anAlert(), kind: 'something' } })).toBeNull();
    expect(handler?.parse({ alert: { ...anAlert(), listing: { id: 'x' } } })).toBeNull();
    expect(savedSearchesLive.handlers['saved-searches.changed']?.parse('x')).toBeNull();
    const queryClient = new QueryClient();
    queryClient.setQueryData(savedSearchesKeys.list, []);
    savedSearchesLive.resync({ queryClient, me: 'u1' });
    expect(stale(queryClient, savedSearchesKeys.list)).toBe(true);
  });
});
