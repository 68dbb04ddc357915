import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { WaitlistEntrySchema } from '../../../shared/schemas/tours.ts';
import { authzMatrix, type Seat, SIGNED_OUT } from '../../test/authz-matrix.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { booked, shiftTour, slotIn, tourWorld } from '../../test/tour-fixtures.ts';

/**
 * Every tour and waitlist endpoint against the five callers: the tour's renter, another
 * renter, the listing's landlord, another landlord, and nobody signed in. Each caller gets
 * exactly the expected answer.
 */

const { app, client, db } = await createTestApp({});

const world = await tourWorld(app, client, db, { mode: 'request' });
type Caller = 'signedOut' | 'otherLandlord' | 'otherRenter' | 'landlord' | 'renter';
// In this order: the denied callers of a row go first in it.
const seats: Record<Caller, Seat> = {
  signedOut: SIGNED_OUT,
  otherLandlord: await person(client, 'landlord'),
  otherRenter: await person(client, 'renter'),
  landlord: world.landlord,
  renter: world.renter,
};
const matrix = authzMatrix({ client, seats });

let hour = 30;
const nextStart = () => slotIn(hour++);

/**
 * Each tour its own renter (then "the tour's renter" in the matrix): one renter holds at most 2
 * upcoming tours of a listing and books at most 10 an hour (issue 26).
 */
async function requested() {
  const renter = await person(client, 'renter');
  seats.renter = renter;
  return booked(renter, world.listingId, nextStart());
}
async function confirmed() {
  const tour = await requested();
  await world.landlord.client.post(`/api/tours/${tour.id}/confirm`, {});
  return tour;
}

describe('tours authorization matrix', () => {
  matrix.row({
    name: 'POST /api/tours: renters only',
    expect: { signedOut: 401, otherLandlord: 403, landlord: 403, otherRenter: 201, renter: 201 },
    request: () => ({
      method: 'POST',
      path: '/api/tours',
      body: {
        listingId: world.listingId,
        start: nextStart(),
        type: 'in_person',
        idempotencyKey: randomUUID(),
      },
    }),
  });

  matrix.row({
    name: 'GET /api/tours: anyone signed in (their own tours)',
    expect: { signedOut: 401, otherLandlord: 200, landlord: 200, otherRenter: 200, renter: 200 },
    request: () => ({ method: 'GET', path: '/api/tours' }),
  });

  for (const suffix of ['', '/ics']) {
    matrix.row({
      name: `GET /api/tours/{id}${suffix}: its renter and landlord only`,
      setup: requested,
      expect: { signedOut: 401, otherLandlord: 404, landlord: 200, otherRenter: 404, renter: 200 },
      request: (tour) => ({ method: 'GET', path: `/api/tours/${tour.id}${suffix}` }),
    });
  }

  for (const action of ['confirm', 'decline']) {
    matrix.row({
      name: `POST /api/tours/{id}/${action}: its landlord only`,
      setup: requested,
      expect: { signedOut: 401, otherLandlord: 404, landlord: 200, otherRenter: 404, renter: 403 },
      request: (tour) => ({ method: 'POST', path: `/api/tours/${tour.id}/${action}`, body: {} }),
    });
  }

  for (const who of ['renter', 'landlord'] as const) {
    const outsiders = { signedOut: 401, otherLandlord: 404, otherRenter: 404 };
    matrix.row({
      name: `POST /api/tours/{id}/cancel: its ${who} (and nobody else)`,
      setup: confirmed,
      expect: { ...outsiders, [who]: 200 },
      request: (tour) => ({ method: 'POST', path: `/api/tours/${tour.id}/cancel`, body: {} }),
    });

    matrix.row({
      name: `POST /api/tours/{id}/reschedule: its ${who}`,
      setup: confirmed,
      expect: { ...outsiders, [who]: 201 },
      request: (tour) => ({
        method: 'POST',
        path: `/api/tours/${tour.id}/reschedule`,
        body: { start: nextStart(), idempotencyKey: randomUUID() },
      }),
    });
  }

  for (const action of ['complete', 'no-show']) {
    matrix.row({
      name: `POST /api/tours/{id}/${action}: its landlord only, once started`,
      setup: async () => {
        const tour = await confirmed();
        await shiftTour(db, tour.id, -(hour + 10) * 3_600_000);
        return tour;
      },
      expect: { signedOut: 401, otherLandlord: 404, landlord: 200, otherRenter: 404, renter: 403 },
      request: (tour) => ({ method: 'POST', path: `/api/tours/${tour.id}/${action}`, body: {} }),
    });
  }
});

describe('waitlist authorization matrix', () => {
  const RENTERS_ONLY = { signedOut: 401, otherLandlord: 403, landlord: 403 };
  const path = `/api/listings/${world.listingId}/waitlist`;
  matrix.row({
    name: 'POST /api/listings/{id}/waitlist: renters only',
    expect: { ...RENTERS_ONLY, otherRenter: 201, renter: 201 },
    request: () => ({ method: 'POST', path, body: {} }),
  });
  matrix.row({
    name: 'DELETE /api/listings/{id}/waitlist: renters only',
    expect: { ...RENTERS_ONLY, otherRenter: 204, renter: 204 },
    request: () => ({ method: 'DELETE', path }),
  });

  matrix.row({
    name: 'GET /api/waitlist: renters',
    expect: { ...RENTERS_ONLY, otherRenter: 200, renter: 200 },
    request: () => ({ method: 'GET', path: '/api/waitlist' }),
  });
  matrix.row({
    name: 'GET /api/landlord/waitlist: landlords',
    expect: { signedOut: 401, otherLandlord: 200, landlord: 200, otherRenter: 403, renter: 403 },
    request: () => ({ method: 'GET', path: '/api/landlord/waitlist' }),
  });

  // One entry of the world's renter, offered and then removed by the listing's landlord.
  let entry: Promise<{ id: string; start: string }> | undefined;
  const joined = () => {
    entry ??= (async () => {
      const res = await world.renter.client.post(`/api/listings/${world.listingId}/waitlist`, {});
      return { id: WaitlistEntrySchema.parse(await res.json()).id, start: nextStart() };
    })();
    return entry;
  };
  const LISTING_LANDLORD = {
    signedOut: 401,
    otherLandlord: 404,
    landlord: 200,
    otherRenter: 403,
    renter: 403,
  };
  matrix.row({
    name: 'POST /api/waitlist/{entryId}/offer: the listing landlord only',
    setup: joined,
    expect: LISTING_LANDLORD,
    request: ({ id, start }) => ({
      method: 'POST',
      path: `/api/waitlist/${id}/offer`,
      body: { start },
    }),
  });
  matrix.row({
    name: 'POST /api/waitlist/{entryId}/remove: the listing landlord only',
    setup: joined,
    expect: LISTING_LANDLORD,
    request: ({ id }) => ({ method: 'POST', path: `/api/waitlist/${id}/remove`, body: {} }),
  });
});
