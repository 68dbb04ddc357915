import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newYorkDay } from '../../lib/time.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { type ApiClient, createTestApp } from '../../test/test-app.ts';
import { flushViews, pruneViewVisitors } from './listing-views.ts';

const { app, db, client } = await createTestApp();

const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
await onPlan(db, landlord);
const renter = client.fork();
await renter.signUp({ userType: 'renter' });
const otherRenter = client.fork();
await otherRenter.signUp({ userType: 'renter' });

/** A signed-out browser on a real socket from `address` (app.request() has none). */
function anonymousView(listingId: string, address: string, userAgent = 'Mozilla/5.0 Test') {
  return app.request(
    `/api/listings/${listingId}`,
    { headers: { 'user-agent': userAgent } },
    { incoming: { socket: { remoteAddress: address, remotePort: 50_000 } } },
  );
}

async function view(browser: ApiClient, listingId: string) {
  expect((await browser.get(`/api/listings/${listingId}`)).status).toBe(200);
}

async function figures(listingId: string) {
  await flushViews(db);
  const daily = await db.execute<{ day: string; views: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, views from listing_daily_views
    where listing_id = ${listingId} order by day`);
  const total = await db.execute<{ view_count: number }>(
    sql`select view_count from listing_stats where listing_id = ${listingId}`,
  );
  return { daily: daily.rows, total: total.rows[0]?.view_count ?? 0 };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('listing views', () => {
  it('counts a reload by the same signed-in visitor once', async () => {
    const listing = await publishListing(app, landlord);
    await view(renter, listing.id);
    await view(renter, listing.id);
    await flushViews(db);
    await view(renter, listing.id); // a reload after the flush is still the same visitor
    expect(await figures(listing.id)).toEqual({
      daily: [{ day: newYorkDay(), views: 1 }],
      total: 1,
    });
  });

  it('counts two visitors twice, telling signed-out visitors apart by address and agent', async () => {
    const listing = await publishListing(app, landlord);
    await view(renter, listing.id);
    await view(otherRenter, listing.id);
    expect((await anonymousView(listing.id, '203.0.113.5')).status).toBe(200);
    expect((await anonymousView(listing.id, '203.0.113.5')).status).toBe(200);
    expect((await anonymousView(listing.id, '203.0.113.5', 'Other Browser/1.0')).status).toBe(200);
    expect((await anonymousView(listing.id, '198.51.100.9')).status).toBe(200);
    expect(await figures(listing.id)).toEqual({
      daily: [{ day: newYorkDay(), views: 5 }],
      total: 5,
    });
  });

  it('never stores the address, only a keyed hash', async () => {
    const listing = await publishListing(app, landlord);
    await anonymousView(listing.id, '203.0.113.77');
    await flushViews(db);
    const rows = await db.execute<{ visitor: string }>(
      sql`select visitor from listing_view_visitors where listing_id = ${listing.id}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.visitor).not.toContain('203.0.113.77');
    expect(rows.rows[0]?.visitor).toMatch(/^[\w-]{22}$/);
  });

  it('counts the same visitor again on another New York day', async () => {
    const listing = await publishListing(app, landlord);
    // 23:30 in New York on one day, then 00:30 the next (EST, UTC-5).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T04:30:00Z') });
    await view(renter, listing.id);
    await view(renter, listing.id);
    await flushViews(db);
    vi.setSystemTime(new Date('2026-03-02T05:30:00Z'));
    await view(renter, listing.id);
    vi.useRealTimers();
    expect(await figures(listing.id)).toEqual({
      daily: [
        { day: '2026-03-01', views: 1 },
        { day: '2026-03-02', views: 1 },
      ],
      total: 2,
    });
  });

  it('never counts the owner’s own views', async () => {
    const listing = await publishListing(app, landlord);
    await view(landlord, listing.id);
    await view(landlord, listing.id);
    expect(await figures(listing.id)).toEqual({ daily: [], total: 0 });
  });

  it('tells the landlord once per flush that their figures moved', async () => {
    const listing = await publishListing(app, landlord);
    const second = await publishListing(app, landlord);
    const before = await statsEvents(listing.landlord.id);
    await view(renter, listing.id);
    await view(renter, second.id);
    await view(otherRenter, listing.id);
    await flushViews(db);
    expect(await statsEvents(listing.landlord.id)).toBe(before + 1);
    await view(renter, listing.id); // a reload: nothing moved, nothing said
    await flushViews(db);
    expect(await statsEvents(listing.landlord.id)).toBe(before + 1);
  });

  it('prunes visitor rows older than yesterday', async () => {
    const listing = await publishListing(app, landlord);
    await db.execute(sql`insert into listing_view_visitors (listing_id, day, visitor) values
      (${listing.id}, ${newYorkDay()}::date - 2, 'two-days-ago'),
      (${listing.id}, ${newYorkDay()}::date - 1, 'yesterday'),
      (${listing.id}, ${newYorkDay()}::date, 'today')`);
    await pruneViewVisitors(db);
    const rows = await db.execute<{ visitor: string }>(
      sql`select visitor from listing_view_visitors where listing_id = ${listing.id}
        order by day`,
    );
    expect(rows.rows.map((row) => row.visitor)).toEqual(['yesterday', 'today']);
  });
});

async function statsEvents(userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from events
    where user_id = ${userId} and type = 'landlord.stats.changed'`);
  return result.rows[0]?.n ?? 0;
}
