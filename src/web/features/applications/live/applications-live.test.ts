import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { anApplication, applicationId } from '../../../testing/application-fixtures.ts';
import { applicationsKeys } from '../api/applications-keys.ts';
import type { ApplicationPages } from '../api/get-applications.ts';
import { applicationsLive } from './applications-live.ts';

const handler = applicationsLive.handlers['application.changed'];
const empty: ApplicationPages = { pages: [{ items: [], nextCursor: null }], pageParams: [null] };

describe('applications live feature', () => {
  it('writes the application an event carries into the lists, without a refetch', () => {
    const queryClient = new QueryClient();
    const key = applicationsKeys.list('landlord', {});
    queryClient.setQueryData(key, empty);
    const application = anApplication({ id: applicationId(4) });
    const parsed = handler?.parse({ application });
    if (!parsed) throw new Error('dropped');
    handler?.apply(parsed, { queryClient, me: 'landlord' });
    const pages = queryClient.getQueryData<ApplicationPages>(key);
    expect(pages?.pages[0]?.items.map((item) => item.id)).toEqual([applicationId(4)]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('drops events without an application, or with one too thin to place', () => {
    expect(handler?.parse(null)).toBeNull();
    expect(handler?.parse({})).toBeNull();
    expect(handler?.parse({ application: { id: 'a1', status: 'submitted' } })).toBeNull();
  });

  it('resync refreshes every list and detail', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(applicationsKeys.list('renter', {}), empty);
    queryClient.setQueryData(applicationsKeys.detail(applicationId(1)), anApplication());
    queryClient.setQueryData(['tours', 'list'], []);
    applicationsLive.resync({ queryClient, me: 'me' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(applicationsKeys.list('renter', {}))).toBe(true);
    expect(stale(applicationsKeys.detail(applicationId(1)))).toBe(true);
    expect(stale(['tours', 'list'])).toBe(false);
  });
});
