import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notesKeys } from '../api/notes-keys.ts';
import { notesLive } from './notes-live.ts';

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('notes live feature', () => {
  it('notes.changed refreshes the notes (the store refetches), nothing else', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notesKeys.list('u1'), 1);
    queryClient.setQueryData(['tours', 'list'], []);
    const handler = notesLive.handlers['notes.changed'];
    const parsed = handler?.parse({});
    expect(parsed).toEqual({});
    if (parsed) handler?.apply(parsed, { queryClient, me: 'u1' });
    expect(stale(queryClient, notesKeys.list('u1'))).toBe(true);
    expect(stale(queryClient, ['tours', 'list'])).toBe(false);
  });

  it('drops an event without data, and resyncs the notes after missed events', () => {
    expect(notesLive.handlers['notes.changed']?.parse(null)).toBeNull();
    const queryClient = new QueryClient();
    queryClient.setQueryData(notesKeys.list('u1'), 1);
    notesLive.resync({ queryClient, me: 'u1' });
    expect(stale(queryClient, notesKeys.list('u1'))).toBe(true);
  });
});
