import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LIVE_TOURS_PER_LISTING_MAX,
  TOUR_BOOKINGS_PER_HOUR_MAX,
} from '../../../shared/constants.ts';
import { RATE_LIMIT_MESSAGES } from '../../../shared/errors.ts';
import { TourSchema } from '../../../shared/schemas/tours.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { ApiClient, createTestApp } from '../../test/test-app.ts';
import { book, booked, shiftTour, slotIn, tourWorld } from '../../test/tour-fixtures.ts';

/**
 * Issue 26's abuse limits on tours, counted in PostgreSQL: a renter holds at most 2 upcoming
 * tours of one listing and books at most 10 tours an hour; past either, 429 with Retry-After.
 */

const { app, client, db, url } = await createTestApp();
// A second instance on the same database: the limits hold across instances.
const second = await createTestApp({ database: url });

let hour = 30;
const nextStart = () => slotIn(hour++);

async function refusal(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return {
    status: res.status,
    code: body.error.code,
    message: body.error.message,
    retryAfter: Number(res.headers.get('retry-after')),
  };
}

async function liveTours(renterId: string, listingId: string) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from tours
    where renter_id = ${renterId} and listing_id = ${listingId}
      and status in ('requested', 'confirmed')`);
  return rows[0]?.n ?? -1;
}

/** Counted bookings of the hour, as if made `minutesAgo` (oldest first). */
async function priorBookings(userId: string, minutesAgo: number[]) {
  for (const minutes of minutesAgo) {
    await db.execute(sql`insert into rate_limit_hits (action, user_id, created_at)
      values ('tour-bookings', ${userId}, now() - make_interval(mins => ${minutes}))`);
  }
}

async function hits(userId: string) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n
    from rate_limit_hits where user_id = ${userId} and action = 'tour-bookings'`);
  return rows[0]?.n ?? -1;
}

describe('POST /api/tours: at most 2 upcoming tours of one listing', () => {
  it('refuses the 3rd with 429 until one is cancelled or has started', async () => {
    const { renter, listingId, landlord } = await tourWorld(app, client, db);
    const firstStart = nextStart();
    const first = await booked(renter, listingId, firstStart);
    const key = randomUUID();
    const secondStart = nextStart();
    await booked(renter, listingId, secondStart, { idempotencyKey: key });
    expect(LIVE_TOURS_PER_LISTING_MAX).toBe(2);

    // Taken before the request: the server's clock (its transaction's start) reads later.
    const sentAt = Date.now();
    const third = await book(renter, listingId, nextStart());
    const refused = await refusal(third);
    expect(refused).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: RATE_LIMIT_MESSAGES.liveToursPerListing,
    });
    expect(refused.message).toBe(
      'You can hold at most 2 upcoming tours for this listing. Cancel one to book another.',
    );
    // Retry-After: when the soonest of the two starts (then it no longer counts), in whole
    // seconds rounded up: between the wait as measured when it was sent and when it was
    // answered, whatever the answer took (issue 48).
    const untilFirst = (Date.parse(firstStart) - sentAt) / 1000;
    const untilFirstOnAnswer = (Date.parse(firstStart) - Date.now()) / 1000;
    expect(refused.retryAfter).toBeGreaterThanOrEqual(Math.floor(untilFirstOnAnswer));
    expect(refused.retryAfter).toBeLessThanOrEqual(Math.ceil(untilFirst));
    expect(await liveTours(renter.id, listingId)).toBe(2);
    // Nor counted against the hour: only the two bookings made are.
    expect(await hits(renter.id)).toBe(2);

    // A retry of a booking already made is answered with it, never refused.
    const replay = await book(renter, listingId, secondStart, { idempotencyKey: key });
    expect(replay.status).toBe(200);

    // Another listing is another allowance.
    const elsewhere = await publishListing(app, landlord.client);
    await booked(renter, elsewhere.id, nextStart());

    // A reschedule replaces a tour: it is not a third.
    const moved = await renter.client.post(`/api/tours/${first.id}/reschedule`, {
      start: nextStart(),
      idempotencyKey: randomUUID(),
    });
    expect(moved.status).toBe(201);
    const movedTour = TourSchema.parse(await moved.json());

    // Cancelling one frees a place at once.
    expect((await renter.client.post(`/api/tours/${movedTour.id}/cancel`, {})).status).toBe(200);
    const afterCancel = await booked(renter, listingId, nextStart());
    expect((await book(renter, listingId, nextStart())).status).toBe(429);

    // A tour that has started is no longer upcoming.
    await shiftTour(db, afterCancel.id, -(hour + 10) * 3_600_000);
    expect((await book(renter, listingId, nextStart())).status).toBe(201);
  });

  it('holds across two instances, under concurrency: 6 bookings at once, 2 get through', async () => {
    const { renter, listingId } = await tourWorld(app, client, db);
    // The same browser (one session cookie) talking to either instance.
    const onSecond = new ApiClient(second.app);
    onSecond.cookie = renter.client.cookie;
    const viaSecond: Person = { ...renter, client: onSecond };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        book(i % 2 === 0 ? renter : viaSecond, listingId, nextStart()),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    expect(await liveTours(renter.id, listingId)).toBe(2);
  });
});

describe('POST /api/tours: at most 10 bookings an hour', () => {
  it('refuses the 11th with 429 and Retry-After until the oldest is an hour old', async () => {
    expect(TOUR_BOOKINGS_PER_HOUR_MAX).toBe(10);
    const { renter, landlord, listingId: a } = await tourWorld(app, client, db);
    const b = (await publishListing(app, landlord.client)).id;
    // Ten bookings need five listings (two upcoming tours each at most): nine bookings as rows
    // (the oldest 50 minutes ago), the tenth a real one, made on the other instance.
    const inserted = Date.now();
    await priorBookings(renter.id, [50, 40, 30, 30, 20, 20, 10, 10, 5]);
    const onSecond = new ApiClient(second.app);
    onSecond.cookie = renter.client.cookie;
    const tenth = await book({ ...renter, client: onSecond }, a, nextStart());
    expect(tenth.status).toBe(201);
    expect(await hits(renter.id)).toBe(10);

    const eleventh = await book(renter, b, nextStart());
    const refused = await refusal(eleventh);
    expect(refused).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'You have booked 10 tours in the last hour. Try again later.',
    });
    // The oldest leaves the hour 10 minutes after it was written, less the time since then
    // (bounded by the clock readings around it, not by a guess at how long that was; issue 48).
    expect(refused.retryAfter).toBeGreaterThanOrEqual(
      Math.floor(600 - (Date.now() - inserted) / 1000),
    );
    expect(refused.retryAfter).toBeLessThanOrEqual(601);
    expect(await liveTours(renter.id, b)).toBe(0);
    expect(await hits(renter.id)).toBe(10);

    // An hour after the oldest, a place is free again.
    await db.execute(sql`update rate_limit_hits set created_at = now() - interval '61 minutes'
      where user_id = ${renter.id} and created_at < now() - interval '45 minutes'`);
    expect((await book(renter, b, nextStart())).status).toBe(201);
    expect(await hits(renter.id)).toBe(10);
  });

  it('counts only bookings made: a refused one (slot taken) costs nothing', async () => {
    const { renter, listingId } = await tourWorld(app, client, db);
    const other = await person(client, 'renter');
    const start = nextStart();
    await booked(other, listingId, start);
    expect((await book(renter, listingId, start)).status).toBe(409);
    expect(await hits(renter.id)).toBe(0);
  });
});
