import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ApplicationCounts,
  ApplicationCountsSchema,
  ApplicationSchema,
} from '../../../shared/schemas/applications.ts';
import type { RenterProfileInput } from '../../../shared/schemas/renter-profile.ts';
import { authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import type { Person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * `GET /api/applications/counts` (issue 28): what the dashboards and the owner's listing page
 * count, by status and (for a landlord) by listing, and who may ask.
 */

const { app, client, db } = await createTestApp();
const people = await signUpCast(client, db, {
  renter: 'renter',
  otherRenter: 'renter',
  owner: 'landlord',
  otherLandlord: 'landlord',
  admin: 'admin',
});
const { renter, otherRenter, owner } = people;
await onPlan(db, owner.client);

const PROFILE: RenterProfileInput = {
  legalName: 'Rhea Q. Renter',
  phone: '718 555 0142',
  currentAddress: '12 Bergen St, Brooklyn',
  moveInDate: '2027-02-01',
  occupants: 1,
  incomes: [{ source: 'employment', monthlyCents: 1_300_000 }],
};
for (const who of [renter, otherRenter]) {
  expect((await who.client.put('/api/renter-profile', PROFILE)).status).toBe(200);
}

async function apply(who: Person, listingId: string) {
  const res = await who.client.post(`/api/listings/${listingId}/applications`, {
    documentIds: [],
    idempotencyKey: randomUUID(),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return ApplicationSchema.parse(body);
}

async function countsOf(who: Person): Promise<ApplicationCounts> {
  const res = await who.client.get('/api/applications/counts');
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return ApplicationCountsSchema.parse(body);
}

const none = {
  awaiting_household: 0,
  submitted: 0,
  info_requested: 0,
  offered: 0,
  accepted: 0,
  offer_rejected: 0,
  declined: 0,
  withdrawn: 0,
  closed: 0,
};

// Listing A: the renter's open application and the other renter's withdrawn one; listing B: the
// renter's, with an info request; listing C: none.
const listingA = await publishListing(app, owner.client);
const listingB = await publishListing(app, owner.client);
await publishListing(app, owner.client);
await apply(renter, listingA.id);
const withdrawn = await apply(otherRenter, listingA.id);
expect((await otherRenter.client.post(`/api/applications/${withdrawn.id}/withdraw`)).status).toBe(
  200,
);
const asked = await apply(renter, listingB.id);
expect(
  (
    await owner.client.post(`/api/applications/${asked.id}/request-info`, {
      message: 'A recent pay stub, please.',
    })
  ).status,
).toBe(200);

describe('GET /api/applications/counts', () => {
  it("counts a landlord's applications by status and by listing (open and in all)", async () => {
    const counts = await countsOf(owner);
    expect(counts.byStatus).toEqual({ ...none, submitted: 1, info_requested: 1, withdrawn: 1 });
    expect(counts.byListing).toEqual(
      [
        { listingId: listingA.id, open: 1, total: 2 },
        { listingId: listingB.id, open: 1, total: 1 },
      ].sort((a, b) => a.listingId.localeCompare(b.listingId)),
    );
  });

  it("counts a renter's own applications by status, every status named", async () => {
    expect(await countsOf(renter)).toEqual({
      byStatus: { ...none, submitted: 1, info_requested: 1 },
    });
    expect(await countsOf(otherRenter)).toEqual({ byStatus: { ...none, withdrawn: 1 } });
  });

  it('answers zeros, not an error, to someone with no applications', async () => {
    expect(await countsOf(people.otherLandlord)).toEqual({ byStatus: none, byListing: [] });
  });

  it('follows a change at once: a withdrawal moves the count from open to withdrawn', async () => {
    const listing = await publishListing(app, owner.client);
    const application = await apply(otherRenter, listing.id);
    const before = await countsOf(owner);
    expect(before.byListing?.find((l) => l.listingId === listing.id)).toEqual({
      listingId: listing.id,
      open: 1,
      total: 1,
    });
    await otherRenter.client.post(`/api/applications/${application.id}/withdraw`);
    const after = await countsOf(owner);
    expect(after.byListing?.find((l) => l.listingId === listing.id)).toEqual({
      listingId: listing.id,
      open: 0,
      total: 1,
    });
    expect(after.byStatus.withdrawn).toBe(before.byStatus.withdrawn + 1);
    expect(after.byStatus.submitted).toBe(before.byStatus.submitted - 1);
  });
});

const matrix = authzMatrix({ client, seats: { signedOut: SIGNED_OUT, ...people } });

describe('applications counts authorization matrix', () => {
  matrix.row({
    name: 'GET /api/applications/counts: renters and landlords, each their own',
    expect: {
      signedOut: 401,
      admin: 403,
      otherRenter: 200,
      otherLandlord: 200,
      owner: 200,
      renter: 200,
    },
    request: () => ({ method: 'GET', path: '/api/applications/counts' }),
    inspect: (caller, status, text) => {
      if (status !== 200) return;
      const counts = ApplicationCountsSchema.parse(JSON.parse(text));
      const total = Object.values(counts.byStatus).reduce((sum, n) => sum + n, 0);
      // Nobody counts another's applications: the other landlord has none on their listings.
      if (caller === 'otherLandlord') expect(total).toBe(0);
      else expect(total, caller).toBeGreaterThan(0);
      // Listings are a landlord's to count.
      expect(counts.byListing === undefined, caller).toBe(
        caller === 'renter' || caller === 'otherRenter',
      );
    },
  });
});
