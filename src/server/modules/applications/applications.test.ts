import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Application,
  ApplicationSchema,
  ApplicationsPageSchema,
  incomeMultipleOf,
} from '../../../shared/schemas/applications.ts';
import type { RenterProfileInput } from '../../../shared/schemas/renter-profile.ts';
import { applications } from '../../db/schema/applications.ts';
import { type Answer, authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { uploadDocument } from '../../test/document-fixtures.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { EventStreamReader, type Person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Sending an application and reading it (issue 28): what is copied, what is refused, who sees
 * what, the timeline and the live event.
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
// Many listings: a plan past the free plan's two.
await onPlan(db, owner.client);

/** $3,850 a month: the listing fixture's rent. */
const RENT = 385_000;
const PROFILE: RenterProfileInput = {
  legalName: 'Rhea Q. Renter',
  phone: '718 555 0142',
  currentAddress: '12 Bergen St, Brooklyn',
  moveInDate: '2027-02-01',
  occupants: 1,
  // 40× the rent: $154,000.08 a year.
  incomes: [{ source: 'employment', employer: 'Acme', monthlyCents: 1_283_334 }],
};

async function listing(criteria?: Record<string, unknown>) {
  const made = await publishListing(app, owner.client);
  expect(made.rentCents).toBe(RENT);
  if (criteria) {
    const res = await owner.client.put(`/api/listings/${made.id}/application-settings`, {
      acceptingApplications: true,
      incomeMultiple: null,
      guarantorIncomeMultiple: null,
      requiredDocuments: [],
      ...criteria,
    });
    expect(res.status).toBe(200);
  }
  return made;
}

async function withProfile(who: Person, profile: RenterProfileInput = PROFILE) {
  expect((await who.client.put('/api/renter-profile', profile)).status).toBe(200);
}

function apply(who: Person, listingId: string, body: Record<string, unknown> = {}) {
  return who.client.post(`/api/listings/${listingId}/applications`, {
    documentIds: [],
    idempotencyKey: randomUUID(),
    ...body,
  });
}

async function applied(res: Response): Promise<Application> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return ApplicationSchema.parse(body);
}

await withProfile(renter);

describe('POST /api/listings/{id}/applications', () => {
  it('sends the profile and documents as they are now; later edits change nothing', async () => {
    const target = await listing({ incomeMultiple: 40, requiredDocuments: ['pay_stub'] });
    const stub = await uploadDocument(app, renter.client, { kind: 'pay_stub' });
    const application = await applied(
      await apply(renter, target.id, { documentIds: [stub.id], message: 'Hello!' }),
    );
    expect(application).toMatchObject({
      status: 'submitted',
      listing: { id: target.id, rentCents: RENT },
      applicant: { id: renter.id },
      message: 'Hello!',
      moveInDate: '2027-02-01',
      rentCents: RENT,
      criteria: { incomeMultiple: 40, requiredDocuments: ['pay_stub'] },
      // $154,000.08 a year over $3,850 a month.
      incomeMultiple: 40,
      meetsCriteria: 'household',
    });
    expect(application.profile?.legalName).toBe('Rhea Q. Renter');
    expect(application.documents).toEqual([
      {
        id: stub.id,
        kind: 'pay_stub',
        name: stub.name,
        size: stub.size,
        contentType: 'application/pdf',
        removed: false,
      },
    ]);
    expect(application.timeline.map((t) => [t.kind, t.by])).toEqual([['submitted', 'renter']]);

    await withProfile(renter, { ...PROFILE, legalName: 'Someone Else' });
    const again = ApplicationSchema.parse(
      await (await renter.client.get(`/api/applications/${application.id}`)).json(),
    );
    expect(again.profile?.legalName).toBe('Rhea Q. Renter');
    await withProfile(renter);

    // A document deleted afterwards shows as removed by the applicant.
    expect((await renter.client.delete(`/api/renter-profile/documents/${stub.id}`)).status).toBe(
      204,
    );
    const after = ApplicationSchema.parse(
      await (await renter.client.get(`/api/applications/${application.id}`)).json(),
    );
    expect(after.documents[0]?.removed).toBe(true);
    expect(after.meetsCriteria).toBe(false);
  });

  it('names the missing profile fields and required documents in one 400, and sends nothing', async () => {
    const target = await listing({ requiredDocuments: ['pay_stub', 'id'] });
    const { fresh } = await signUpCast(client, db, { fresh: 'renter' });
    await withProfile(fresh, { legalName: 'Fresh Renter', occupants: 1 });
    const res = await apply(fresh, target.id);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { code: string; message: string; details: { path: string }[] };
    };
    expect(error.message).toBe(
      'Your application is missing: phone, current address, move-in date, income, pay stub, ID.',
    );
    expect(error.details.map((d) => d.path)).toEqual([
      'profile.phone',
      'profile.currentAddress',
      'profile.moveInDate',
      'profile.incomes',
      'documentIds',
      'documentIds',
    ]);
    expect(await db.select().from(applications).where(eq(applications.renterId, fresh.id))).toEqual(
      [],
    );
  });

  it("refuses another renter's document id", async () => {
    const target = await listing();
    const theirs = await uploadDocument(app, otherRenter.client);
    const res = await apply(renter, target.id, { documentIds: [theirs.id] });
    expect(res.status).toBe(400);
  });

  it('refuses a second open application there with 409 APPLICATION_EXISTS; after a withdrawal it may apply again', async () => {
    const target = await listing();
    const first = await applied(await apply(renter, target.id));
    const second = await apply(renter, target.id);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe(
      'APPLICATION_EXISTS',
    );
    const withdrawn = await renter.client.post(`/api/applications/${first.id}/withdraw`);
    expect(ApplicationSchema.parse(await withdrawn.json()).status).toBe('withdrawn');
    await applied(await apply(renter, target.id));
  });

  it('refuses with 409 a listing not taking applications, or not active; a draft is 404', async () => {
    const closed = await listing({ acceptingApplications: false });
    expect((await apply(renter, closed.id)).status).toBe(409);
    const rented = await listing();
    await readListing(await owner.client.patch(`/api/listings/${rented.id}`, { status: 'rented' }));
    expect((await apply(renter, rented.id)).status).toBe(409);
    const draft = await readListing(await owner.client.post('/api/listings', { title: 'Draft' }));
    expect((await apply(renter, draft.id)).status).toBe(404);
  });

  it('makes one application of 20 concurrent applies with one idempotency key', async () => {
    const target = await listing();
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => apply(renter, target.id, { idempotencyKey })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(
      await Promise.all(answers.map(async (r) => ApplicationSchema.parse(await r.json()).id)),
    );
    expect(ids.size).toBe(1);
    const rows = await db.select().from(applications).where(eq(applications.listingId, target.id));
    expect(rows).toHaveLength(1);
  });
});

describe('the income multiple', () => {
  it("is yearly income over the renter's share of the rent, one decimal, rounded down", () => {
    expect(incomeMultipleOf({ incomes: [{ monthlyCents: 1_000_000 }] }, 300_000)).toBe(40);
    expect(incomeMultipleOf({ incomes: [{ monthlyCents: 999_000 }] }, 300_000)).toBe(39.9);
    // A voucher paying $1,000 of $3,000: the renter's share is $2,000.
    const voucher = { program: 'CityFHEPS', monthlyCents: 100_000 };
    expect(incomeMultipleOf({ incomes: [{ monthlyCents: 500_000 }], voucher }, 300_000)).toBe(30);
    expect(
      incomeMultipleOf({ incomes: [], voucher: { ...voucher, monthlyCents: 300_000 } }, 300_000),
    ).toBeNull();
  });

  it('decides meetsCriteria against the criteria shown when the application was sent', async () => {
    const target = await listing({ incomeMultiple: 45 });
    const application = await applied(await apply(renter, target.id));
    expect(application.meetsCriteria).toBe(false);
    // Lowering the bar afterwards does not change what the application was held to.
    await owner.client.put(`/api/listings/${target.id}/application-settings`, {
      acceptingApplications: true,
      incomeMultiple: 30,
      guarantorIncomeMultiple: null,
      requiredDocuments: [],
    });
    const again = ApplicationSchema.parse(
      await (await owner.client.get(`/api/applications/${application.id}`)).json(),
    );
    expect(again.criteria.incomeMultiple).toBe(45);
    expect(again.meetsCriteria).toBe(false);
  });
});

describe('GET /api/applications and the timeline', () => {
  it("lists a renter's own newest first and a landlord's oldest first, filtered", async () => {
    const { lister } = await signUpCast(client, db, { lister: 'renter' });
    await withProfile(lister);
    const [a, b] = [await listing(), await listing()];
    const first = await applied(await apply(lister, a.id));
    const second = await applied(await apply(lister, b.id));
    const mine = ApplicationsPageSchema.parse(
      await (await lister.client.get('/api/applications')).json(),
    );
    expect(mine.items.map((i) => i.id)).toEqual([second.id, first.id]);
    const theirs = ApplicationsPageSchema.parse(
      await (await owner.client.get(`/api/applications?listingId=${a.id}`)).json(),
    );
    expect(theirs.items.map((i) => i.id)).toEqual([first.id]);
    const none = ApplicationsPageSchema.parse(
      await (await owner.client.get(`/api/applications?listingId=${a.id}&status=withdrawn`)).json(),
    );
    expect(none.items).toEqual([]);
  });

  it('pages a landlord through every application once, oldest first, by cursor', async () => {
    const { pager } = await signUpCast(client, db, { pager: 'landlord' });
    await onPlan(db, pager.client);
    const own = await publishListing(app, pager.client);
    const first = await applied(await apply(renter, own.id));
    // 44 more, closed (one open application a renter and listing), two sharing a time.
    await db.execute(sql`
      insert into applications (listing_id, renter_id, landlord_id, status, profile, criteria,
        rent_cents, idempotency_key, submitted_at, closed_at)
      select listing_id, renter_id, landlord_id, 'declined', profile, criteria, rent_cents,
        'page-' || n, submitted_at + (least(n, 43) || ' seconds')::interval, now()
      from applications, generate_series(1, 44) n where id = ${first.id}`);
    const seen: Application[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await pager.client.get(`/api/applications${query}`);
      const page = ApplicationsPageSchema.parse(await res.json());
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(45);
    expect(new Set(seen.map((a) => a.id)).size).toBe(45);
    const times = seen.map((a) => a.submittedAt);
    expect(times).toEqual([...times].sort());
    expect(seen[0]?.id).toBe(first.id);
  });

  it('answers each item of a page as GET /api/applications/{id} answers it, field for field', async () => {
    const { keeper } = await signUpCast(client, db, { keeper: 'renter' });
    await withProfile(keeper, {
      ...PROFILE,
      pets: [{ kind: 'dog', count: 1 }],
      rentalHistory: [{ address: '1 Old St', from: '2020-01', to: '2024-12' }],
      voucher: { program: 'CityFHEPS', monthlyCents: 100_000 },
      about: 'Quiet, "tidy" \\ on time.',
    });
    const kept = await uploadDocument(app, keeper.client, { kind: 'pay_stub' });
    const dropped = await uploadDocument(app, keeper.client, { kind: 'id', name: 'id ✓.pdf' });
    const target = await listing({ incomeMultiple: 40, requiredDocuments: ['id'] });
    const sent = await applied(
      await apply(keeper, target.id, { documentIds: [kept.id, dropped.id], message: 'Hi' }),
    );
    await owner.client.post(`/api/applications/${sent.id}/offer`, {
      rentCents: RENT,
      depositCents: RENT,
      leaseStart: '2027-02-01',
      leaseMonths: 12,
      fees: [{ name: 'Move-in fee', amountCents: 25_000 }],
    });
    expect((await keeper.client.delete(`/api/renter-profile/documents/${dropped.id}`)).status).toBe(
      204,
    );
    for (const who of [keeper, owner]) {
      const one = await (await who.client.get(`/api/applications/${sent.id}`)).json();
      const query = `?listingId=${target.id}`;
      const page = await (await who.client.get(`/api/applications${query}`)).json();
      expect(page.items).toEqual([one]);
      expect(one).toMatchObject({
        status: 'offered',
        incomeMultiple: incomeMultipleOf(
          { ...PROFILE, incomes: PROFILE.incomes ?? [], voucher: { monthlyCents: 100_000 } },
          RENT,
        ),
        meetsCriteria: false,
        documents: [{ removed: false }, { name: 'id ✓.pdf', removed: true }],
      });
      expect(ApplicationSchema.strict().safeParse(one).success).toBe(true);
    }
  });

  it("puts the landlord's first look on the timeline once, live to the renter", async () => {
    const target = await listing();
    const application = await applied(await apply(renter, target.id));
    const stream = await EventStreamReader.open(app, renter.client);
    try {
      // Subscribed before the landlord looks: a stream hears what happens after its `ready`.
      await stream.until((events) => events.some((e) => e.type === 'ready'));
      await owner.client.get(`/api/applications/${application.id}`);
      await owner.client.get(`/api/applications/${application.id}`);
      await stream.until((events) =>
        events.some(
          (e) =>
            e.type === 'application.changed' &&
            ApplicationSchema.parse((e.data as { application: unknown }).application).timeline
              .length === 2,
        ),
      );
    } finally {
      await stream.close();
    }
    const seen = ApplicationSchema.parse(
      await (await renter.client.get(`/api/applications/${application.id}`)).json(),
    );
    expect(seen.timeline.map((t) => [t.kind, t.by])).toEqual([
      ['submitted', 'renter'],
      ['viewed', 'landlord'],
    ]);
  });

  it('refuses a second withdrawal with 409 APPLICATION_STATE', async () => {
    const target = await listing();
    const application = await applied(await apply(renter, target.id));
    expect((await renter.client.post(`/api/applications/${application.id}/withdraw`)).status).toBe(
      200,
    );
    const again = await renter.client.post(`/api/applications/${application.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'APPLICATION_STATE',
    );
  });
});

const target = await listing();
const matrix = authzMatrix({ client, seats: { signedOut: SIGNED_OUT, ...people } });
const NOT_FOUND: Answer = { status: 404, message: 'Application not found' };
const rowsOf = (listingId: string) =>
  db.select().from(applications).where(eq(applications.listingId, listingId));

describe('applications authorization matrix', () => {
  matrix.row({
    name: 'POST /api/listings/{id}/applications: renters only',
    expect: { signedOut: 401, owner: 403, otherLandlord: 403, admin: 403, renter: 201 },
    request: () => ({
      method: 'POST',
      path: `/api/listings/${target.id}/applications`,
      body: { documentIds: [], idempotencyKey: randomUUID() },
    }),
    unchanged: () => rowsOf(target.id),
  });

  matrix.row({
    name: 'GET /api/applications: renters and landlords, each their own',
    expect: {
      signedOut: 401,
      admin: 403,
      otherRenter: 200,
      otherLandlord: 200,
      owner: 200,
      renter: 200,
    },
    request: () => ({ method: 'GET', path: `/api/applications?listingId=${target.id}` }),
    inspect: (caller, status, text) => {
      if (status !== 200) return;
      const { items } = ApplicationsPageSchema.parse(JSON.parse(text));
      const sees = caller === 'renter' || caller === 'owner';
      expect(items.length > 0, `${caller} sees ${items.length}`).toBe(sees);
    },
  });

  const openOne = async () => {
    const [row] = await db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.listingId, target.id));
    if (!row) throw new Error('no application');
    return row.id;
  };

  matrix.row({
    name: 'GET /api/applications/{id}: its renter and the listing landlord',
    setup: openOne,
    expect: {
      signedOut: 401,
      admin: 403,
      otherRenter: NOT_FOUND,
      otherLandlord: NOT_FOUND,
      owner: 200,
      renter: 200,
    },
    request: (id) => ({ method: 'GET', path: `/api/applications/${id}` }),
  });

  matrix.row({
    name: 'POST /api/applications/{id}/withdraw: its renter only',
    setup: openOne,
    expect: {
      signedOut: 401,
      admin: 403,
      otherRenter: NOT_FOUND,
      otherLandlord: NOT_FOUND,
      owner: 403,
      renter: 200,
    },
    request: (id) => ({ method: 'POST', path: `/api/applications/${id}/withdraw` }),
    unchanged: () => rowsOf(target.id),
  });
});
