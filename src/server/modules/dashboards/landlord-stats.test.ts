import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type LandlordStats, LandlordStatsSchema } from '../../../shared/schemas/billing.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { openConversation, type Person, person, send } from '../../test/messaging-fixtures.ts';
import type { ApiClient } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { booked, openAllDay, setListingSettings, slotIn } from '../../test/tour-fixtures.ts';
import { publishEvents, transactionWithEvents } from '../events/events.service.ts';

const { app, db, client, deps } = await createTestApp();

const renter = await person(client, 'renter');
const secondRenter = await person(client, 'renter');
const visitor = client.fork();

async function stats(who: ApiClient): Promise<LandlordStats> {
  const res = await who.get('/api/landlord/stats');
  expect(res.status, await res.clone().text()).toBe(200);
  return LandlordStatsSchema.parse(await res.json());
}

const newYorkDay = () => Temporal.Now.plainDateISO('America/New_York').toString();

const zero = { views: 0, saves: 0, inquiries: 0 };

describe('GET /api/landlord/stats', () => {
  it('starts at zero for a new landlord: 30 days, the free plan', async () => {
    const fresh = await person(client, 'landlord');
    const empty = await stats(fresh.client);
    expect(empty.daily).toHaveLength(30);
    expect(empty.daily.at(-1)?.day).toBe(newYorkDay());
    expect(empty.daily.every((d) => d.views + d.saves + d.inquiries === 0)).toBe(true);
    expect(empty).toMatchObject({
      listings: { active: 0, draft: 0, rented: 0, archived: 0 },
      totals: { last7: zero, last30: zero },
      tours: { upcoming: 0, openRequests: 0 },
      waitlist: { waiting: 0, listingsWithQueue: 0 },
      unreadMessages: 0,
      plan: { planId: 'free', activeListings: 0, activeListingLimit: 2 },
    });
  });

  it('adds up every figure from its source, by New York day', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    const requestOnly = await publishListing(app, landlord.client);
    await readListing(await landlord.client.post('/api/listings', { title: 'A draft' }));
    await openAllDay(db, landlord.id);
    await setListingSettings(db, requestOnly.id, { mode: 'request' });

    await visitor.get(`/api/listings/${listing.id}`);
    await renter.client.get(`/api/listings/${listing.id}`);
    await renter.client.get(`/api/listings/${listing.id}`); // a reload
    await landlord.client.get(`/api/listings/${listing.id}`); // the owner
    await renter.client.request('PUT', `/api/saved-listings/${listing.id}`);
    const conversation = await openConversation(renter, landlord, listing.id);
    await send(renter, conversation.id, 'Can I see it Saturday?');
    await send(renter, conversation.id, 'Or Sunday?');
    // Ten days ago: views and a save inside the 30 days, outside the 7.
    await db.execute(sql`
      insert into listing_daily_views (listing_id, day, views)
      values (${listing.id}, (now() at time zone 'America/New_York')::date - 10, 40),
        (${listing.id}, (now() at time zone 'America/New_York')::date - 31, 500)`);
    await secondRenter.client.request('PUT', `/api/saved-listings/${listing.id}`);
    await db.execute(sql`
      update saved_listings set created_at = now() - interval '10 days'
      where user_id = ${secondRenter.id} and listing_id = ${listing.id}`);

    await booked(renter, listing.id, slotIn(30));
    await booked(secondRenter, requestOnly.id, slotIn(50));
    expect(
      (await renter.client.post(`/api/listings/${requestOnly.id}/waitlist`, {})).status,
    ).toBeLessThan(300);

    const figures = await stats(landlord.client);
    expect(figures.listings).toEqual({ active: 2, draft: 1, rented: 0, archived: 0 });
    // Inquiries: the renter's conversation, and the second renter's tour request (its note opens
    // a conversation about the other listing).
    expect(figures.daily.at(-1)).toEqual({ day: newYorkDay(), views: 2, saves: 1, inquiries: 2 });
    expect(figures.daily.at(-11)).toMatchObject({ views: 40, saves: 1, inquiries: 0 });
    expect(figures.totals).toEqual({
      last7: { views: 2, saves: 1, inquiries: 2 },
      last30: { views: 42, saves: 2, inquiries: 2 },
    });
    expect(figures.tours).toEqual({ upcoming: 1, openRequests: 1 });
    expect(figures.waitlist).toEqual({ waiting: 1, listingsWithQueue: 1 });
    // The same figure as the chat's badge.
    const unread = await landlord.client.get('/api/messages/unread-count');
    expect(figures.unreadMessages).toBe(((await unread.json()) as { total: number }).total);
    expect(figures.unreadMessages).toBeGreaterThanOrEqual(2);
    expect(figures.plan).toEqual({ planId: 'free', activeListings: 2, activeListingLimit: 2 });
  });

  it('reads the plan from the subscription', async () => {
    const landlord = await person(client, 'landlord');
    await subscribe(landlord, 'pro');
    expect((await stats(landlord.client)).plan).toEqual({
      planId: 'pro',
      activeListings: 0,
      activeListingLimit: 50,
    });
    await db.execute(
      sql`update subscriptions set status = 'canceled' where landlord_id = ${landlord.id}`,
    );
    await tellLandlord(landlord.id); // as billing does with billing.changed
    expect((await stats(landlord.client)).plan.planId).toBe('free');
  });

  // The figures GET /api/landlord/dashboard gave (removed): every status, the last 7 days.
  it('counts rented and archived listings; a view 7 days before today is outside the 7', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    // One at a time: the free plan allows two active listings.
    const rented = await publishListing(app, landlord.client);
    await landlord.client.patch(`/api/listings/${rented.id}`, { status: 'rented' });
    const archived = await publishListing(app, landlord.client);
    await landlord.client.patch(`/api/listings/${archived.id}`, { status: 'archived' });
    await secondRenter.client.get(`/api/listings/${listing.id}`);
    await db.execute(sql`
      insert into listing_daily_views (listing_id, day, views)
      values (${listing.id}, (now() at time zone 'America/New_York')::date - 7, 40)`);
    const figures = await stats(landlord.client);
    expect(figures.listings).toEqual({ active: 1, draft: 0, rented: 1, archived: 1 });
    expect(figures.totals.last7).toEqual({ views: 1, saves: 0, inquiries: 0 });
    expect(figures.totals.last30).toEqual({ views: 41, saves: 0, inquiries: 0 });
  });
});

describe('landlord.stats.changed', () => {
  it('tells the landlord when a save is made or undone, not when nothing changed', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    const count = async () => {
      const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from events
        where user_id = ${landlord.id} and type = 'landlord.stats.changed'`);
      return result.rows[0]?.n ?? 0;
    };
    const before = await count();
    await renter.client.request('PUT', `/api/saved-listings/${listing.id}`);
    expect(await count()).toBe(before + 1);
    await renter.client.request('PUT', `/api/saved-listings/${listing.id}`); // already saved
    expect(await count()).toBe(before + 1);
    await renter.client.request('DELETE', `/api/saved-listings/${listing.id}`);
    expect(await count()).toBe(before + 2);
    await renter.client.request('DELETE', `/api/saved-listings/${listing.id}`); // already gone
    expect(await count()).toBe(before + 2);
  });
});

describe('the stats cache', () => {
  it('keeps an answer until an event to the landlord says their figures moved', async () => {
    const landlord = await person(client, 'landlord');
    const listing = await publishListing(app, landlord.client);
    await renter.client.get(`/api/listings/${listing.id}`);
    expect((await stats(landlord.client)).totals.last7.views).toBe(1);
    // The echoes of the events so far (publishing, the flush) only make it read once more.
    await deps.events.sync();
    expect((await stats(landlord.client)).totals.last7.views).toBe(1);
    // Written behind the caches' back: no event, so the kept answer stands.
    await db.execute(sql`update listing_daily_views set views = views + 10
      where listing_id = ${listing.id}`);
    expect((await stats(landlord.client)).totals.last7.views).toBe(1);
    // Another instance's flush: its NOTIFY and its event reach this one.
    await tellLandlord(landlord.id, true);
    await deps.events.sync();
    expect((await stats(landlord.client)).totals.last7.views).toBe(11);
    // This instance's own flush (inside the stats read) forgets at once.
    await secondRenter.client.get(`/api/listings/${listing.id}`);
    expect((await stats(landlord.client)).totals.last7.views).toBe(12);
    // A message to the landlord, a listing of theirs created: fresh figures.
    const conversation = await openConversation(renter, landlord, listing.id);
    await send(renter, conversation.id, 'Still available?');
    expect((await stats(landlord.client)).unreadMessages).toBe(1);
    await readListing(await landlord.client.post('/api/listings', { title: 'Next one' }));
    expect((await stats(landlord.client)).listings.draft).toBe(1);
  });
});

describe('GET /api/landlord/stats authorization', () => {
  it('answers each landlord with their own figures only', async () => {
    const owner = await person(client, 'landlord');
    const other = await person(client, 'landlord');
    const listing = await publishListing(app, owner.client);
    await renter.client.get(`/api/listings/${listing.id}`);
    expect((await stats(owner.client)).totals.last7.views).toBe(1);
    const theirs = await stats(other.client);
    expect(theirs.totals.last7.views).toBe(0);
    expect(theirs.listings.active).toBe(0);
  });

  it('refuses renters (403) and visitors (401)', async () => {
    expect((await renter.client.get('/api/landlord/stats')).status).toBe(403);
    expect((await visitor.get('/api/landlord/stats')).status).toBe(401);
  });
});

async function subscribe(landlord: Person, planId: string) {
  await db.execute(sql`insert into subscriptions
    (landlord_id, plan_id, current_period_start, current_period_end, provider)
    values (${landlord.id}, ${planId}, now(), now() + interval '30 days', 'test')`);
}

/** What another instance's flush, or billing, does: an event to the landlord (and a NOTIFY). */
async function tellLandlord(landlordId: string, viewsMoved = false) {
  await transactionWithEvents({ db, events: deps.events }, async (tx) => {
    if (viewsMoved) await tx.execute(sql`select pg_notify('listing_views', ${landlordId})`);
    await publishEvents(tx, [{ userId: landlordId, type: 'landlord.stats.changed', data: {} }]);
  });
}
