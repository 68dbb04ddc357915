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

  it("writes a co-applicant's view (no profile of the primary's) into their list", () => {
    const queryClient = new QueryClient();
    const key = applicationsKeys.list('renter', {});
    queryClient.setQueryData(key, empty);
    const application = anApplication({ id: applicationId(5), viewer: 'member', profile: null });
    const parsed = handler?.parse({ application });
    if (!parsed) throw new Error('dropped');
    handler?.apply(parsed, { queryClient, me: 'member' });
    const pages = queryClient.getQueryData<ApplicationPages>(key);
    expect(pages?.pages[0]?.items.map((item) => item.id)).toEqual([applicationId(5)]);
  });

  it('takes an application a member is no longer on out of their lists', () => {
    const queryClient = new QueryClient();
    const key = applicationsKeys.list('renter', {});
    const application = anApplication({ id: applicationId(6), viewer: 'member', profile: null });
    queryClient.setQueryData(key, {
      pages: [{ items: [application], nextCursor: null }],
      pageParams: [null],
    });
    queryClient.setQueryData(applicationsKeys.detail(application.id), application);
    const removed = applicationsLive.handlers['application.removed'];
    const parsed = removed?.parse({ id: application.id });
    if (!parsed) throw new Error('dropped');
    removed?.apply(parsed, { queryClient, me: 'member' });
    const pages = queryClient.getQueryData<ApplicationPages>(key);
    expect(pages?.pages[0]?.items).toEqual([]);
    expect(queryClient.getQueryData(applicationsKeys.detail(application.id))).toBeUndefined();
    expect(removed?.parse({})).toBeNull();
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
