import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WaitlistEntrySchema } from '../../../shared/schemas/tours.ts';
import { type Person, person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { booked, shiftTour, slotIn, tourWorld } from '../../test/tour-fixtures.ts';

/**
 * Every tour and waitlist endpoint against the five callers: the tour's renter, another
 * renter, the listing's landlord, another landlord, and nobody signed in. Each caller gets
 * exactly the expected answer; the ones denied go first, so a wrongful 2xx cannot hide behind
 * a change the rightful caller made.
 */

const { app, client, db } = await createTestApp({});

type Actor = 'renter' | 'otherRenter' | 'landlord' | 'otherLandlord' | 'anonymous';
const ACTORS: Actor[] = ['anonymous', 'otherLandlord', 'otherRenter', 'landlord', 'renter'];

const world = await tourWorld(app, client, db, { mode: 'request' });
const otherRenter = await person(client, 'renter');
const otherLandlord = await person(client, 'landlord');
const people: Record<Exclude<Actor, 'anonymous'>, Person> = {
  renter: world.renter,
  otherRenter,
  landlord: world.landlord,
  otherLandlord,
};

let hour = 30;
const nextStart = () => slotIn(hour++);

function call(actor: Actor, method: string, path: string, body?: unknown) {
  const browser = actor === 'anonymous' ? client.fork() : people[actor].client;
  return browser.request(method, path, body);
}

/** Runs the callers in order (denied ones first) and checks each status. */
async function matrix(
  expected: Record<Actor, number>,
  request: (actor: Actor) => { method: string; path: string; body?: unknown },
) {
  const got: Partial<Record<Actor, number>> = {};
  const order = [...ACTORS].sort((a, b) => Number(expected[a] < 300) - Number(expected[b] < 300));
  for (const actor of order) {
    const { method, path, body } = request(actor);
    got[actor] = (await call(actor, method, path, body)).status;
  }
  expect(got).toEqual(expected);
}

/**
 * Each tour its own renter (then "the tour's renter" in the matrix): one renter holds at most 2
 * upcoming tours of a listing and books at most 10 an hour (issue 26).
 */
async function requested() {
  people.renter = await person(client, 'renter');
  return booked(people.renter, world.listingId, nextStart());
}
async function confirmed() {
  const tour = await requested();
  await world.landlord.client.post(`/api/tours/${tour.id}/confirm`, {});
  return tour;
}

describe('tours authorization matrix', () => {
  it('POST /api/tours: renters only', async () => {
    await matrix(
      { anonymous: 401, otherLandlord: 403, landlord: 403, otherRenter: 201, renter: 201 },
      () => ({
        method: 'POST',
        path: '/api/tours',
        body: {
          listingId: world.listingId,
          start: nextStart(),
          type: 'in_person',
          idempotencyKey: randomUUID(),
        },
      }),
    );
  });

  it('GET /api/tours: anyone signed in (their own tours)', async () => {
    await matrix(
      { anonymous: 401, otherLandlord: 200, landlord: 200, otherRenter: 200, renter: 200 },
      () => ({ method: 'GET', path: '/api/tours' }),
    );
  });

  for (const suffix of ['', '/ics']) {
    it(`GET /api/tours/{id}${suffix}: its renter and landlord only`, async () => {
      const tour = await requested();
      await matrix(
        { anonymous: 401, otherLandlord: 404, landlord: 200, otherRenter: 404, renter: 200 },
        () => ({ method: 'GET', path: `/api/tours/${tour.id}${suffix}` }),
      );
    });
  }

  for (const action of ['confirm', 'decline']) {
    it(`POST /api/tours/{id}/${action}: its landlord only`, async () => {
      const tour = await requested();
      await matrix(
        { anonymous: 401, otherLandlord: 404, landlord: 200, otherRenter: 404, renter: 403 },
        () => ({ method: 'POST', path: `/api/tours/${tour.id}/${action}`, body: {} }),
      );
    });
  }

  for (const who of ['renter', 'landlord'] as const) {
    it(`POST /api/tours/{id}/cancel: its ${who} (and nobody else)`, async () => {
      const mine = await confirmed();
      for (const actor of ['anonymous', 'otherLandlord', 'otherRenter'] as const) {
        expect((await call(actor, 'POST', `/api/tours/${mine.id}/cancel`, {})).status).toBe(
          actor === 'anonymous' ? 401 : 404,
        );
      }
      expect((await call(who, 'POST', `/api/tours/${mine.id}/cancel`, {})).status).toBe(200);
    });

    it(`POST /api/tours/{id}/reschedule: its ${who}`, async () => {
      const tour = await confirmed();
      for (const actor of ['anonymous', 'otherLandlord', 'otherRenter'] as const) {
        const res = await call(actor, 'POST', `/api/tours/${tour.id}/reschedule`, {
          start: nextStart(),
          idempotencyKey: randomUUID(),
        });
        expect(res.status, actor).toBe(actor === 'anonymous' ? 401 : 404);
      }
      const res = await call(who, 'POST', `/api/tours/${tour.id}/reschedule`, {
        start: nextStart(),
        idempotencyKey: randomUUID(),
      });
      expect(res.status).toBe(201);
    });
  }

  for (const action of ['complete', 'no-show']) {
    it(`POST /api/tours/{id}/${action}: its landlord only, once started`, async () => {
      const tour = await confirmed();
      await shiftTour(db, tour.id, -(hour + 10) * 3_600_000);
      await matrix(
        { anonymous: 401, otherLandlord: 404, landlord: 200, otherRenter: 404, renter: 403 },
        () => ({ method: 'POST', path: `/api/tours/${tour.id}/${action}`, body: {} }),
      );
    });
  }
});

describe('waitlist authorization matrix', () => {
  it('POST and DELETE /api/listings/{id}/waitlist: renters only', async () => {
    const path = `/api/listings/${world.listingId}/waitlist`;
    await matrix(
      { anonymous: 401, otherLandlord: 403, landlord: 403, otherRenter: 201, renter: 201 },
      () => ({ method: 'POST', path, body: {} }),
    );
    await matrix(
      { anonymous: 401, otherLandlord: 403, landlord: 403, otherRenter: 204, renter: 204 },
      () => ({ method: 'DELETE', path }),
    );
  });

  it('GET /api/waitlist: renters; GET /api/landlord/waitlist: landlords', async () => {
    await matrix(
      { anonymous: 401, otherLandlord: 403, landlord: 403, otherRenter: 200, renter: 200 },
      () => ({ method: 'GET', path: '/api/waitlist' }),
    );
    await matrix(
      { anonymous: 401, otherLandlord: 200, landlord: 200, otherRenter: 403, renter: 403 },
      () => ({ method: 'GET', path: '/api/landlord/waitlist' }),
    );
  });

  it('POST /api/waitlist/{entryId}/offer and /remove: the listing landlord only', async () => {
    const joined = await world.renter.client.post(`/api/listings/${world.listingId}/waitlist`, {});
    const entry = WaitlistEntrySchema.parse(await joined.json());
    const start = nextStart();
    await matrix(
      { anonymous: 401, otherLandlord: 404, landlord: 200, otherRenter: 403, renter: 403 },
      () => ({ method: 'POST', path: `/api/waitlist/${entry.id}/offer`, body: { start } }),
    );
    await matrix(
      { anonymous: 401, otherLandlord: 404, landlord: 200, otherRenter: 403, renter: 403 },
      () => ({ method: 'POST', path: `/api/waitlist/${entry.id}/remove`, body: {} }),
    );
  });
});
