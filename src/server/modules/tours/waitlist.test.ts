import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  LandlordWaitlistSchema,
  type WaitlistEntry,
  WaitlistEntrySchema,
  WaitlistResponseSchema,
  WEEKDAYS,
} from '../../../shared/schemas/tours.ts';
import { enqueueJob } from '../../lib/jobs/jobs.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { book, booked, setListingSettings, slotIn, tourWorld } from '../../test/tour-fixtures.ts';
import { offerExpiryJobKey } from './waitlist-queue.ts';

const { app, client, db } = await createTestApp();
const WAIT = { timeout: 20_000, interval: 100 };

async function join(renter: Person, listingId: string, preferences?: unknown) {
  return renter.client.post(
    `/api/listings/${listingId}/waitlist`,
    preferences ? { preferences } : {},
  );
}

async function entryOf(renter: Person, listingId: string): Promise<WaitlistEntry | undefined> {
  const res = await renter.client.get('/api/waitlist');
  const { items } = WaitlistResponseSchema.parse(await res.json());
  return items.find((item) => item.listingId === listingId);
}

/**
 * A listing with exactly one slot: 10:00-10:20 UTC two days from now (an override on a landlord
 * otherwise closed), so every offer is that slot.
 */
async function oneSlotWorld() {
  const world = await tourWorld(app, client, db);
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await db.execute(sql`update landlord_availability set weekly_hours = '{}'::jsonb,
    overrides = ${JSON.stringify([{ date, ranges: [{ start: '10:00', end: '10:20' }] }])}::jsonb
    where landlord_id = ${world.landlord.id}`);
  const weekday = WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] ?? 'monday';
  return { ...world, start: `${date}T10:00:00.000Z`, weekday };
}

describe('joining and leaving', () => {
  it('joins once (a second join returns the same entry), shows the position, and leaves', async () => {
    const { listingId, landlord } = await tourWorld(app, client, db);
    const first = await person(client, 'renter');
    const second = await person(client, 'renter');
    const res = await join(first, listingId, { days: ['saturday'], times: ['morning'] });
    expect(res.status).toBe(201);
    const entry = WaitlistEntrySchema.parse(await res.json());
    expect(entry).toMatchObject({ listingId, status: 'waiting', position: 1, offer: null });
    expect(entry.preferences).toEqual({ days: ['saturday'], times: ['morning'], types: [] });
    const again = await join(first, listingId);
    expect(again.status).toBe(200);
    expect(WaitlistEntrySchema.parse(await again.json()).id).toBe(entry.id);
    expect((await join(second, listingId)).status).toBe(201);
    expect((await entryOf(second, listingId))?.position).toBe(2);

    const queue = LandlordWaitlistSchema.parse(
      await (await landlord.client.get('/api/landlord/waitlist')).json(),
    );
    const mine = queue.items.find((item) => item.listing.id === listingId);
    expect(mine?.open).toBe(true);
    expect(mine?.entries.map((e) => [e.renter.id, e.position])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);

    expect(
      (await first.client.request('DELETE', `/api/listings/${listingId}/waitlist`)).status,
    ).toBe(204);
    expect(await entryOf(first, listingId)).toBeUndefined();
    expect((await entryOf(second, listingId))?.position).toBe(1);
    // The one behind heard live that they moved up.
    const moved = await db.execute<{ payload: { entry: WaitlistEntry } }>(sql`
      select payload from events where user_id = ${second.id} and type = 'waitlist.changed'
      order by id desc limit 1`);
    expect(moved.rows[0]?.payload.entry.position).toBe(1);
  });

  it('refuses joining a closed list, bad preferences and unknown listings', async () => {
    const { listingId } = await tourWorld(app, client, db);
    await setListingSettings(db, listingId, { waitlistOpen: false });
    const renter = await person(client, 'renter');
    const closed = await join(renter, listingId);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { error: { message: string } }).error.message).toMatch(
      /closed the waitlist/,
    );
    expect((await join(renter, listingId, { days: ['someday'] })).status).toBe(400);
    expect((await join(renter, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe("the landlord's queues", () => {
  it('come first, then every other active listing, however many the landlord has', async () => {
    const { listingId, landlord } = await tourWorld(app, client, db);
    const renter = await person(client, 'renter');
    expect((await join(renter, listingId)).status).toBe(201);
    // 200 copies of it, newer and with nobody waiting (written straight to the table).
    const columns = await db.execute<{ name: string }>(sql`select column_name as name
      from information_schema.columns where table_name = 'listings' and is_generated = 'NEVER'
        and column_name not in ('id', 'created_at')`);
    const names = sql.raw(columns.rows.map((column) => `"${column.name}"`).join(', '));
    await db.execute(sql`insert into listings (${names}, created_at)
      select ${names}, now() + n * interval '1 second'
      from listings, generate_series(1, 200) n where id = ${listingId}`);
    const queue = LandlordWaitlistSchema.parse(
      await (await landlord.client.get('/api/landlord/waitlist')).json(),
    );
    expect(queue.items).toHaveLength(201);
    expect(queue.items[0]?.listing.id).toBe(listingId);
    expect(queue.items[0]?.entries.map((entry) => entry.renter.id)).toEqual([renter.id]);
    expect(queue.items.slice(1).every((item) => item.entries.length === 0 && item.open)).toBe(true);
  });
});

describe('offers', () => {
  it('a cancellation offers the slot to the first matching entry; an unclaimed offer passes on', async () => {
    const { renter, listingId, start, weekday } = await oneSlotWorld();
    const tour = await booked(renter, listingId, start);
    const otherDay = WEEKDAYS.find((day) => day !== weekday) ?? 'monday';
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => person(client, 'renter')));
    if (!a || !b || !c) throw new Error('renters');
    expect((await join(a, listingId, { days: [otherDay] })).status).toBe(201);
    expect((await join(b, listingId)).status).toBe(201);
    expect((await join(c, listingId)).status).toBe(201);

    expect((await renter.client.post(`/api/tours/${tour.id}/cancel`, {})).status).toBe(200);
    // b is the first whose preferences the freed 10:00 suits (a only wants another weekday).
    const offered = await vi.waitFor(async () => {
      const entry = await entryOf(b, listingId);
      expect(entry?.status).toBe('offered');
      return entry;
    }, WAIT);
    expect(offered?.offer?.start).toBe(start);
    expect((await entryOf(a, listingId))?.status).toBe('waiting');
    const mail = await db.execute<{ subject: string }>(
      sql`select subject from outbox_emails where "to" = ${b.email} and subject like 'A tour time opened up%'`,
    );
    expect(mail.rows).toHaveLength(1);
    // The hold is b's: c cannot take the slot meanwhile.
    expect((await book(c, listingId, start)).status).toBe(409);

    // b lets the hold run out: the slot goes to c, the next match.
    await db.execute(sql`update waitlist_entries set offer_expires_at = now() - interval '1 second'
      where renter_id = ${b.id} and listing_id = ${listingId}`);
    await enqueueJob(
      db,
      'tours.waitlist-offer-expire',
      { entryId: offered?.id ?? '' },
      {
        jobKey: offerExpiryJobKey(offered?.id ?? ''),
      },
    );
    await vi.waitFor(async () => {
      expect((await entryOf(c, listingId))?.status).toBe('offered');
    }, WAIT);
    expect(await entryOf(b, listingId)).toMatchObject({ status: 'waiting', offer: null });
    // c books it: the entry is booked and leaves the queue.
    const claimed = await book(c, listingId, start);
    expect(claimed.status).toBe(201);
    expect((await entryOf(c, listingId))?.status).toBe('booked');
  });

  it('the landlord offers a slot by hand and removes an entry', async () => {
    const { listingId, landlord, start } = await oneSlotWorld();
    const waiting = await person(client, 'renter');
    const other = await person(client, 'renter');
    const entry = WaitlistEntrySchema.parse(await (await join(waiting, listingId)).json());
    const otherEntry = WaitlistEntrySchema.parse(await (await join(other, listingId)).json());
    // Not on the grid: a clear 400.
    const bad = await landlord.client.post(`/api/waitlist/${entry.id}/offer`, {
      start: slotIn(30),
    });
    expect(bad.status).toBe(400);
    const res = await landlord.client.post(`/api/waitlist/${entry.id}/offer`, { start });
    expect(res.status).toBe(200);
    expect(WaitlistEntrySchema.parse(await res.json())).toMatchObject({
      status: 'offered',
      offer: { start },
    });
    // Held: nobody else can book or be offered it.
    expect((await book(other, listingId, start)).status).toBe(409);
    const removed = await landlord.client.post(`/api/waitlist/${otherEntry.id}/remove`, {});
    expect(WaitlistEntrySchema.parse(await removed.json())).toMatchObject({
      status: 'removed',
      position: null,
    });
    expect((await landlord.client.post(`/api/waitlist/${otherEntry.id}/remove`, {})).status).toBe(
      409,
    );
    expect((await book(waiting, listingId, start)).status).toBe(201);
  });

  it('new hours offer a slot to the first waiting renter', async () => {
    const { listingId, landlord } = await tourWorld(app, client, db);
    await db.execute(sql`update landlord_availability set weekly_hours = '{}'::jsonb
      where landlord_id = ${landlord.id}`);
    const waiting = await person(client, 'renter');
    expect((await join(waiting, listingId)).status).toBe(201);
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await landlord.client.request('PUT', '/api/landlord/availability', {
      overrides: [{ date, ranges: [{ start: '15:00', end: '16:00' }] }],
    });
    expect(res.status).toBe(200);
    const entry = await vi.waitFor(async () => {
      const current = await entryOf(waiting, listingId);
      expect(current?.status).toBe('offered');
      return current;
    }, WAIT);
    expect(entry?.offer?.start.slice(0, 10)).toBe(date);
  });
});
