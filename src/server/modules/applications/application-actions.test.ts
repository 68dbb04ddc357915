import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Application,
  ApplicationSchema,
  DEPOSIT_CAP_MESSAGE,
  RENTED_NOTICE,
} from '../../../shared/schemas/applications.ts';
import type { RenterProfileInput } from '../../../shared/schemas/renter-profile.ts';
import { applications } from '../../db/schema/applications.ts';
import { listings } from '../../db/schema/listings.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { type Answer, authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { uploadDocument } from '../../test/document-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import type { Person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * What each side may do to an application (issue 28): every allowed move, the refusals, the
 * deposit cap, the income-decline rule, and a rented listing closing the other applications.
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

/** The listing fixture's rent, $3,850; 40× is $154,000 a year. */
const RENT = 385_000;
/** The renter's typed legal name: what signs an offer. */
const SIGNATURE = 'Rhea Renter';
const profile = (monthlyCents: number): RenterProfileInput => ({
  legalName: SIGNATURE,
  phone: '718 555 0142',
  currentAddress: '12 Bergen St, Brooklyn',
  moveInDate: '2027-02-01',
  occupants: 1,
  incomes: [{ source: 'employment', monthlyCents }],
});
/** 40.0× and 35.0× the rent. */
const MEETS_40 = 1_283_334;
const UNDER_40 = 1_122_917;

for (const [who, income] of [
  [renter, MEETS_40],
  [otherRenter, UNDER_40],
] as const) {
  expect((await who.client.put('/api/renter-profile', profile(income))).status).toBe(200);
}

async function listingWith(incomeMultiple: number | null = 40) {
  const listing = await publishListing(app, owner.client);
  expect(listing.rentCents).toBe(RENT);
  const res = await owner.client.put(`/api/listings/${listing.id}/application-settings`, {
    acceptingApplications: true,
    incomeMultiple,
    guarantorIncomeMultiple: null,
    requiredDocuments: [],
  });
  expect(res.status).toBe(200);
  return listing;
}

async function applyTo(listingId: string, who: Person = renter): Promise<Application> {
  const res = await who.client.post(`/api/listings/${listingId}/applications`, {
    documentIds: [],
    idempotencyKey: randomUUID(),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return ApplicationSchema.parse(body);
}

const act = (who: Person, id: string, action: string, body?: unknown) =>
  who.client.post(`/api/applications/${id}/${action}`, body);

async function moved(res: Response, status: Application['status']): Promise<Application> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const application = ApplicationSchema.parse(body);
  expect(application.status).toBe(status);
  return application;
}

async function refusedWith(res: Response, status: number, code: string) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  return body.error;
}

const OFFER = {
  rentCents: RENT,
  depositCents: RENT,
  leaseStart: '2027-02-01',
  leaseMonths: 12,
  fees: [{ name: 'Move-in fee', amountCents: 20_000 }],
};

describe('every allowed move', () => {
  it('info requested and answered with a document, an offer, accepted: the listing is rented and the others close', async () => {
    const listing = await listingWith();
    const application = await applyTo(listing.id);
    const other = await applyTo(listing.id, otherRenter);

    const asked = await moved(
      await act(owner, application.id, 'request-info', { message: 'A recent pay stub, please.' }),
      'info_requested',
    );
    expect(asked.timeline.at(-1)).toMatchObject({
      kind: 'info_requested',
      by: 'landlord',
      detail: 'A recent pay stub, please.',
    });
    const stub = await uploadDocument(app, renter.client, { kind: 'pay_stub' });
    const answered = await moved(
      await act(renter, application.id, 'respond', {
        message: 'Attached.',
        documentIds: [stub.id],
      }),
      'submitted',
    );
    expect(answered.documents.map((d) => d.id)).toEqual([stub.id]);
    expect(answered.timeline.at(-1)).toMatchObject({ kind: 'responded', detail: 'Attached.' });

    const offered = await moved(await act(owner, application.id, 'offer', OFFER), 'offered');
    expect(offered.offer).toEqual(OFFER);
    const accepted = await moved(
      await act(renter, application.id, 'accept', { signature: SIGNATURE }),
      'accepted',
    );
    expect(accepted.closedAt).not.toBeNull();

    const [row] = await db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(row?.status).toBe('rented');
    const closed = ApplicationSchema.parse(
      await (await otherRenter.client.get(`/api/applications/${other.id}`)).json(),
    );
    expect(closed.status).toBe('closed');
    expect(closed.timeline.at(-1)).toMatchObject({
      kind: 'closed',
      by: 'stoop',
      detail: RENTED_NOTICE,
    });

    // Each change was mailed to the side that did not make it.
    const subjects = async (who: Person) =>
      (
        await db
          .select({ subject: outboxEmails.subject })
          .from(outboxEmails)
          .where(eq(outboxEmails.to, who.email))
      ).map((m) => m.subject);
    const title = listing.title;
    expect(await subjects(owner)).toEqual(
      expect.arrayContaining([
        `New application: ${title}`,
        `Rhea Renter answered: ${title}`,
        `Offer accepted: ${title}`,
      ]),
    );
    expect(await subjects(renter)).toEqual(
      expect.arrayContaining([
        `The landlord asks for more: ${title}`,
        `You have an offer: ${title}`,
      ]),
    );
    expect(await subjects(otherRenter)).toContain(`${title} has been rented`);
  });

  it('an offer turned down, and a decline', async () => {
    const listing = await listingWith();
    const first = await applyTo(listing.id);
    await moved(await act(owner, first.id, 'offer', OFFER), 'offered');
    await moved(await act(renter, first.id, 'reject-offer'), 'offer_rejected');
    const second = await applyTo(listing.id);
    const declined = await moved(
      await act(owner, second.id, 'decline', { reason: 'rented', note: 'Just rented.' }),
      'declined',
    );
    expect(declined.decline).toEqual({ reason: 'rented', note: 'Just rented.' });
  });
});

describe('refusals', () => {
  it('refuses a deposit over one month of the offered rent, and changes nothing', async () => {
    const application = await applyTo((await listingWith()).id);
    const error = await refusedWith(
      await act(owner, application.id, 'offer', { ...OFFER, depositCents: RENT + 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.message).toBe(DEPOSIT_CAP_MESSAGE);
    const [row] = await db
      .select({ status: applications.status, offer: applications.offer })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row).toEqual({ status: 'submitted', offer: null });
  });

  it('refuses a decline for income when the application meets the stated income', async () => {
    const listing = await listingWith(40);
    const meets = await applyTo(listing.id);
    const error = await refusedWith(
      await act(owner, meets.id, 'decline', { reason: 'income' }),
      409,
      'CONFLICT',
    );
    expect(error.message).toBe(
      'This application meets the 40× income you asked for: it cannot be declined for income.',
    );
    const under = await applyTo(listing.id, otherRenter);
    expect(under.incomeMultiple).toBe(35);
    await moved(await act(owner, under.id, 'decline', { reason: 'income' }), 'declined');
  });

  it('refuses a decline for income on a listing that asked no income multiple', async () => {
    const application = await applyTo((await listingWith(null)).id, otherRenter);
    await refusedWith(
      await act(owner, application.id, 'decline', { reason: 'income' }),
      409,
      'CONFLICT',
    );
  });

  it('refuses every move the status does not allow with 409 APPLICATION_STATE', async () => {
    const application = await applyTo((await listingWith()).id);
    // Not offered yet: nothing to accept or turn down; nothing asked: nothing to answer.
    for (const [who, action, body] of [
      [renter, 'accept', { signature: SIGNATURE }],
      [renter, 'reject-offer', undefined],
      [renter, 'respond', { message: 'Hi' }],
    ] as const) {
      await refusedWith(await act(who, application.id, action, body), 409, 'APPLICATION_STATE');
    }
    await moved(await act(renter, application.id, 'withdraw'), 'withdrawn');
    for (const [who, action, body] of [
      [owner, 'request-info', { message: 'More?' }],
      [owner, 'offer', OFFER],
      [owner, 'decline', { reason: 'other' }],
      [renter, 'withdraw', undefined],
    ] as const) {
      await refusedWith(await act(who, application.id, action, body), 409, 'APPLICATION_STATE');
    }
  });
});

describe("the landlord's access to the documents sent", () => {
  const download = (who: Person, id: string) =>
    who.client.get(`/api/renter-profile/documents/${id}`);

  it('opens while the application is open and 30 days after it closes, each opening on the timeline', async () => {
    const listing = await listingWith(null);
    const stub = await uploadDocument(app, renter.client, { kind: 'pay_stub' });
    const unsent = await uploadDocument(app, renter.client, { kind: 'id' });
    const res = await renter.client.post(`/api/listings/${listing.id}/applications`, {
      documentIds: [stub.id],
      idempotencyKey: randomUUID(),
    });
    const application = ApplicationSchema.parse(await res.json());

    const opened = await download(owner, stub.id);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect((await opened.text()).startsWith('%PDF')).toBe(true);
    // A document not sent, and another landlord: not found.
    expect((await download(owner, unsent.id)).status).toBe(404);
    expect((await download(people.otherLandlord, stub.id)).status).toBe(404);

    const seen = ApplicationSchema.parse(
      await (await renter.client.get(`/api/applications/${application.id}`)).json(),
    );
    expect(seen.timeline.map((t) => [t.kind, t.detail])).toContainEqual([
      'document_opened',
      stub.name,
    ]);

    await moved(await act(renter, application.id, 'withdraw'), 'withdrawn');
    expect((await download(owner, stub.id)).status).toBe(200);
    // 30 days and a minute after it closed: the window has ended.
    await db
      .update(applications)
      .set({ closedAt: new Date(Date.now() - (30 * 24 * 60 + 1) * 60_000) })
      .where(eq(applications.id, application.id));
    expect((await download(owner, stub.id)).status).toBe(404);
    expect((await download(renter, stub.id)).status).toBe(200);
  });
});

const matrix = authzMatrix({ client, seats: { signedOut: SIGNED_OUT, ...people } });
const NOT_FOUND: Answer = { status: 404, message: 'Application not found' };

/** Each action against the side that may not take it, outsiders and the one who may. */
const ACTIONS: Array<[string, unknown, 'renter' | 'owner', () => Promise<string>]> = [
  [
    'request-info',
    { message: 'More?' },
    'owner',
    async () => (await applyTo((await listingWith()).id)).id,
  ],
  [
    'respond',
    { message: 'Here.' },
    'renter',
    async () => {
      const { id } = await applyTo((await listingWith()).id);
      await act(owner, id, 'request-info', { message: 'More?' });
      return id;
    },
  ],
  ['offer', OFFER, 'owner', async () => (await applyTo((await listingWith()).id)).id],
  [
    'accept',
    { signature: SIGNATURE },
    'renter',
    async () => {
      const { id } = await applyTo((await listingWith()).id);
      await act(owner, id, 'offer', OFFER);
      return id;
    },
  ],
  [
    'reject-offer',
    undefined,
    'renter',
    async () => {
      const { id } = await applyTo((await listingWith()).id);
      await act(owner, id, 'offer', OFFER);
      return id;
    },
  ],
  [
    'decline',
    { reason: 'other' },
    'owner',
    async () => (await applyTo((await listingWith()).id)).id,
  ],
];

describe('application actions authorization matrix', () => {
  for (const [action, body, allowed, setup] of ACTIONS) {
    matrix.row({
      name: `POST /api/applications/{id}/${action}: the ${allowed === 'owner' ? "listing's landlord" : 'renter'} only`,
      setup,
      expect: {
        signedOut: 401,
        admin: 403,
        otherRenter: NOT_FOUND,
        otherLandlord: NOT_FOUND,
        [allowed === 'owner' ? 'renter' : 'owner']: 403,
        [allowed]: 200,
      },
      request: (id) => ({ method: 'POST', path: `/api/applications/${id}/${action}`, body }),
      unchanged: async () => {
        const rows = await db
          .select({ id: applications.id, status: applications.status })
          .from(applications);
        return rows.sort((a, b) => a.id.localeCompare(b.id));
      },
    });
  }
});
