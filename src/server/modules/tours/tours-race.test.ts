import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp, createTestDatabase } from '../../test/test-app.ts';
import { book, setListingSettings, slotIn, tourWorld } from '../../test/tour-fixtures.ts';

/**
 * Bookings racing through two app instances on one database: each instance lets one request
 * per slot go first, so across instances only the database (the landlord's lock and the seat
 * index) keeps a slot from being booked twice.
 */
const shared = (await createTestDatabase()).url;
const one = await createTestApp({ database: shared });
const two = await createTestApp({ database: shared });

async function race(capacity: number, renters: number) {
  const { listingId } = await tourWorld(one.app, one.client, one.db);
  if (capacity > 1) await setListingSettings(one.db, listingId, { capacity });
  const start = slotIn(40 + capacity);
  const people = await Promise.all(
    Array.from({ length: renters }, (_, i) => person(i % 2 ? two.client : one.client, 'renter')),
  );
  const answers = await Promise.all(people.map((renter) => book(renter, listingId, start)));
  const { rows } = await one.db.execute<{ n: number }>(sql`
    select count(*)::int as n from tours where listing_id = ${listingId}
      and status in ('requested', 'confirmed')`);
  return { statuses: answers.map((res) => res.status), active: rows[0]?.n };
}

describe('bookings across two instances', () => {
  it('one private slot: exactly one booking, every other a 409', async () => {
    const { statuses, active } = await race(1, 30);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(active).toBe(1);
  });

  it('capacity 3: exactly three', async () => {
    const { statuses, active } = await race(3, 20);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(active).toBe(3);
  });

  it('overlapping starts on two instances: the buffer holds', async () => {
    const { listingId } = await tourWorld(one.app, one.client, one.db);
    const a = await person(one.client, 'renter');
    const b = await person(two.client, 'renter');
    // 20-minute tours with 10 minutes after: 20 minutes apart cannot both be booked.
    const first = slotIn(50);
    const second = new Date(new Date(first).getTime() + 20 * 60_000).toISOString();
    const answers = await Promise.all([book(a, listingId, first), book(b, listingId, second)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});
