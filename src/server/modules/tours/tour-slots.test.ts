import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { SlotsResponseSchema, WEEKDAYS } from '../../../shared/schemas/tours.ts';
import { tours, waitlistEntries } from '../../db/schema/tours.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { type ApiClient, createTestApp } from '../../test/test-app.ts';
import { findBookableSlot } from './slots.service.ts';

/*
 * Slots from the database: the landlord's tours on this and other listings, buffers, seats and
 * waitlist holds. Dates are a few days ahead of today in New York, so they stay in the window.
 */

const ZONE = 'America/New_York';
const { app, db, deps, client } = await createTestApp();
const signedOut = client.fork();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const renter = client.fork();
await renter.signUp({ userType: 'renter' });
const otherRenter = client.fork();
await otherRenter.signUp({ userType: 'renter' });

async function userId(who: ApiClient): Promise<string> {
  const body = (await (await who.get('/api/me')).json()) as { user: { id: string } };
  return body.user.id;
}
const landlordId = await userId(landlord);
// Three listings published: more than the free plan allows.
await onPlan(db, landlordId);
const renterId = await userId(renter);
const otherRenterId = await userId(otherRenter);

const listingA = await publishListing(app, landlord);
const listingB = await publishListing(app, landlord, { neighborhood: 'astoria' });

// Every day 10:00-12:00; listing A: half-hour tours, 30 minutes kept free after each.
const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '10:00', end: '12:00' }]]));
expect(
  (
    await landlord.request('PUT', '/api/landlord/availability', {
      timeZone: ZONE,
      weeklyHours: hours,
    })
  ).status,
).toBe(200);
const settingsA = {
  lengthMinutes: 30,
  intervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 30,
  minNoticeMinutes: 0,
};
expect(
  (await landlord.request('PUT', `/api/listings/${listingA.id}/tour-settings`, settingsA)).status,
).toBe(200);

const today = Temporal.Now.plainDateISO(ZONE);
const day = (offset: number) => today.add({ days: offset }).toString();

/** The UTC ISO instant of a local time on a local date in New York. */
function at(date: string, time: string): string {
  const zoned = Temporal.PlainDate.from(date).toZonedDateTime({
    timeZone: ZONE,
    plainTime: Temporal.PlainTime.from(time),
  });
  return new Date(zoned.epochMilliseconds).toISOString();
}

async function insertTour(listingId: string, start: string, minutes: number, status = 'confirmed') {
  await db.insert(tours).values({
    listingId,
    renterId,
    landlordId,
    startsAt: new Date(start),
    endsAt: new Date(new Date(start).getTime() + minutes * 60_000),
    type: 'in_person',
    status,
    idempotencyKey: randomUUID(),
  });
}

async function slotsOn(date: string, who: ApiClient = signedOut, listingId = listingA.id) {
  const res = await who.get(`/api/listings/${listingId}/tour-slots?from=${date}&to=${date}`);
  expect(res.status).toBe(200);
  const body = SlotsResponseSchema.parse(await res.json());
  expect(body.timeZone).toBe(ZONE);
  return body.slots;
}
const startsOn = async (date: string, who?: ApiClient) =>
  (await slotsOn(date, who)).map((slot) => slot.start);

describe('GET /api/listings/{id}/tour-slots', () => {
  it('steps through the hours in the landlord time zone', async () => {
    const slots = await slotsOn(day(2));
    expect(slots).toEqual(
      ['10:00', '10:30', '11:00', '11:30'].map((time) => ({
        start: at(day(2), time),
        end: new Date(new Date(at(day(2), time)).getTime() + 30 * 60_000).toISOString(),
        seatsLeft: 1,
      })),
    );
  });

  it('drops the slot of an existing tour and its buffer after', async () => {
    await insertTour(listingA.id, at(day(3), '10:00'), 30);
    // A tour that no longer holds its time changes nothing.
    await insertTour(listingA.id, at(day(3), '11:30'), 30, 'cancelled');
    expect(await startsOn(day(3))).toEqual([at(day(3), '11:00'), at(day(3), '11:30')]);
  });

  it("a landlord's tour on another listing blocks this one, with both listings' buffers", async () => {
    // Listing B follows the defaults: 20-minute tours and 10 minutes free after them.
    await insertTour(listingB.id, at(day(4), '11:05'), 20);
    // 10:30 would end at 11:00 with no room for its 30 minutes after; 11:30 starts 5 minutes
    // after B's tour ends, inside B's 10 minutes.
    expect(await startsOn(day(4))).toEqual([at(day(4), '10:00')]);
    // And the other way round: A's tours block B.
    const onB = (await slotsOn(day(3), signedOut, listingB.id)).map((slot) => slot.start);
    // A's tour 10:00-10:30 keeps 30 minutes free after it: B's first slot is 11:00.
    expect(onB[0]).toBe(at(day(3), '11:00'));
  });

  it('shows an open house with the seats left', async () => {
    const openHouse = await publishListing(app, landlord, { neighborhood: 'bushwick' });
    await landlord.request('PUT', `/api/listings/${openHouse.id}/tour-settings`, {
      ...settingsA,
      bufferAfterMinutes: 0,
      capacity: 3,
    });
    await insertTour(openHouse.id, at(day(5), '10:00'), 30);
    const slots = await slotsOn(day(5), signedOut, openHouse.id);
    expect(slots.map((slot) => slot.seatsLeft)).toEqual([2, 3, 3, 3]);
  });

  it('keeps a waitlist hold from everyone but its renter', async () => {
    const start = at(day(6), '10:30');
    await db.insert(waitlistEntries).values({
      listingId: listingA.id,
      renterId,
      preferences: { days: [], times: [], types: [] },
      status: 'offered',
      offerStartsAt: new Date(start),
      offerEndsAt: new Date(new Date(start).getTime() + 30 * 60_000),
      offerExpiresAt: new Date(Date.now() + 60 * 60_000),
    });
    expect(await startsOn(day(6), renter)).toContain(start);
    expect(await startsOn(day(6), otherRenter)).not.toContain(start);
    expect(await startsOn(day(6), signedOut)).not.toContain(start);

    const now = new Date();
    const forHolder = await findBookableSlot(db, { listingId: listingA.id, start, renterId, now });
    expect(forHolder).toMatchObject({ slot: { start, seatsLeft: 1 }, timeZone: ZONE, landlordId });
    expect(forHolder?.settings.lengthMinutes).toBe(30);
    expect(
      await findBookableSlot(db, { listingId: listingA.id, start, renterId: otherRenterId, now }),
    ).toBeNull();
  });

  it('gives nothing outside the booking window and for past dates', async () => {
    expect(await slotsOn(day(-3))).toEqual([]);
    expect(await slotsOn(day(25))).toEqual([]); // the default window is 21 days
  });
});

describe('findBookableSlot', () => {
  const now = new Date();

  it('finds a slot on the grid and refuses one off it, taken or on a draft', async () => {
    const start = at(day(2), '11:00');
    expect(
      (await findBookableSlot(db, { listingId: listingA.id, start, renterId, now }))?.slot,
    ).toEqual({
      start,
      end: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
      seatsLeft: 1,
    });
    const offGrid = at(day(2), '11:10');
    expect(
      await findBookableSlot(db, { listingId: listingA.id, start: offGrid, renterId, now }),
    ).toBeNull();
    const taken = at(day(3), '10:00');
    expect(
      await findBookableSlot(db, { listingId: listingA.id, start: taken, renterId, now }),
    ).toBeNull();

    const draftRes = await landlord.post('/api/listings', { title: 'Not yet showing' });
    const draft = ((await draftRes.json()) as { listing: { id: string } }).listing;
    expect(await findBookableSlot(db, { listingId: draft.id, start, renterId, now })).toBeNull();
  });

  it('lets a tour being rescheduled ignore its own time', async () => {
    const start = at(day(3), '10:00'); // listing A's tour from above
    const [own] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(and(eq(tours.startsAt, new Date(start)), eq(tours.status, 'confirmed')));
    expect(await findBookableSlot(db, { listingId: listingA.id, start, renterId, now })).toBeNull();
    expect(
      await findBookableSlot(db, {
        listingId: listingA.id,
        start,
        renterId,
        now,
        ignoreTourId: own?.id,
      }),
    ).not.toBeNull();
  });
});

describe('tour-slots answers kept in memory', () => {
  // Listing B on day 9: nothing else in this file touches it.
  const date = day(9);
  const onB = async (who: ApiClient = signedOut) =>
    (await slotsOn(date, who, listingB.id)).map((slot) => slot.start);

  it("serves a repeated read from memory until a commit changes the landlord's slots", async () => {
    const before = await onB();
    expect(before).toContain(at(date, '10:00'));
    // A write the triggers do not see stays invisible to the cached answer...
    await db.execute(sql`alter table tours disable trigger tours_slot_notices`);
    try {
      await insertTour(listingB.id, at(date, '10:00'), 20);
    } finally {
      await db.execute(sql`alter table tours enable trigger tours_slot_notices`);
    }
    expect(await onB()).toEqual(before);
    // ...but never to the owner, who always gets a fresh answer.
    expect(await onB(landlord)).not.toContain(at(date, '10:00'));
    // Any commit on the landlord's slots (here another instance's, straight in the database)
    // makes every instance forget.
    await insertTour(listingB.id, at(date, '11:00'), 20, 'cancelled');
    await deps.events.sync();
    const after = await onB();
    expect(after).not.toContain(at(date, '10:00'));
    expect(after.length).toBeLessThan(before.length);
  });

  /**
   * Not as `renter`: the tours inserted above are theirs, two upcoming on listing B already, the
   * most one renter may hold of a listing (issue 26).
   */
  const bookOnB = (start: string) =>
    otherRenter.post('/api/tours', {
      listingId: listingB.id,
      start,
      type: 'in_person',
      idempotencyKey: randomUUID(),
    });

  it('shows a booking to the next read at once, and its cancellation too', async () => {
    const start = (await onB())[0] as string;
    const booked = await bookOnB(start);
    expect(booked.status).toBe(201);
    expect(await onB()).not.toContain(start);
    const { id } = (await booked.json()) as { id: string };
    expect((await otherRenter.post(`/api/tours/${id}/cancel`, {})).status).toBe(200);
    expect(await onB()).toContain(start);
  });

  it('answers a booking after one events.sync() round trip, not one per middleware', async () => {
    const start = (await onB())[0] as string;
    const sync = vi.spyOn(deps.events, 'sync');
    try {
      const booked = await bookOnB(start);
      expect(booked.status).toBe(201);
      expect(sync).toHaveBeenCalledTimes(1);
      const { id } = (await booked.json()) as { id: string };
      sync.mockClear();
      expect((await otherRenter.post(`/api/tours/${id}/cancel`, {})).status).toBe(200);
      expect(sync).toHaveBeenCalledTimes(1);
    } finally {
      sync.mockRestore();
    }
  });

  it('forgets a listing that stops being public', async () => {
    expect((await onB()).length).toBeGreaterThan(0);
    await db.execute(sql`update listings set status = 'archived' where id = ${listingB.id}`);
    await deps.events.sync();
    const res = await signedOut.get(
      `/api/listings/${listingB.id}/tour-slots?from=${date}&to=${date}`,
    );
    expect(res.status).toBe(404);
    await db.execute(sql`update listings set status = 'active' where id = ${listingB.id}`);
  });
});
