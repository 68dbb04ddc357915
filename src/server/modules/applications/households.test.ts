import { randomUUID } from 'node:crypto';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Application,
  ApplicationSchema,
  ApplicationsPageSchema,
} from '../../../shared/schemas/applications.ts';
import {
  INVITATIONS_LIMIT_MESSAGE,
  InvitationViewSchema,
  SIGNATURE_MISMATCH_MESSAGE,
} from '../../../shared/schemas/households.ts';
import type { RenterProfileInput } from '../../../shared/schemas/renter-profile.ts';
import { applicationMembers, applications, signedOffers } from '../../db/schema/applications.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { rateLimitHits } from '../../db/schema/rate-limits.ts';
import { authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { uploadDocument } from '../../test/document-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { EventStreamReader, type Person } from '../../test/messaging-fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';
import { deleteExpiredOffers } from './signed-offer.service.ts';

/**
 * Households on an application (issue 29): invitations and their links, who sees what, the
 * household's and the guarantor's income, leaving and removing, and the signed offer's PDF.
 */

const { app, client, db, deps } = await createTestApp();
const people = await signUpCast(client, db, {
  renter: 'renter',
  roommate: 'renter',
  guarantor: 'renter',
  invitee: 'renter',
  otherRenter: 'renter',
  owner: 'landlord',
  otherLandlord: 'landlord',
  admin: 'admin',
});
const { renter, roommate, guarantor, otherRenter, owner } = people;
await onPlan(db, owner.client);
// The file's renter invites more than 20 people an hour; the limit has a test of its own.
beforeEach(async () => {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.action, 'household-invitations'));
});

/** The listing fixture's rent, $3,850: 40× is $154,000 a year, 80× $308,000. */
const RENT = 385_000;
const profile = (legalName: string, monthlyCents: number): RenterProfileInput => ({
  legalName,
  phone: '718 555 0142',
  currentAddress: '12 Bergen St, Brooklyn',
  moveInDate: '2027-02-01',
  occupants: 2,
  incomes: [{ source: 'employment', employer: 'Acme', monthlyCents }],
});
/** 18.7× alone; with the roommate's 21.8×, 40.5× together; the guarantor 81.0×. */
const INCOME = { renter: 600_000, roommate: 700_000, guarantor: 2_600_000 };
const NAMES = { renter: 'Rhea Renter', roommate: 'Sam Roommate', guarantor: 'Gail Guarantor' };

await renter.client.put('/api/renter-profile', profile(NAMES.renter, INCOME.renter));
await roommate.client.put('/api/renter-profile', profile(NAMES.roommate, INCOME.roommate));
await guarantor.client.put('/api/renter-profile', profile(NAMES.guarantor, INCOME.guarantor));
await people.invitee.client.put('/api/renter-profile', profile('Ivy Invitee', 500_000));
await otherRenter.client.put('/api/renter-profile', profile('Otto Other', 500_000));
const stub = {
  renter: await uploadDocument(app, renter.client, { kind: 'pay_stub' }),
  roommate: await uploadDocument(app, roommate.client, { kind: 'pay_stub' }),
  guarantor: await uploadDocument(app, guarantor.client, { kind: 'pay_stub' }),
  invitee: await uploadDocument(app, people.invitee.client, { kind: 'pay_stub' }),
};

async function listing(criteria: Record<string, unknown> = {}) {
  const made = await publishListing(app, owner.client);
  expect(made.rentCents).toBe(RENT);
  const res = await owner.client.put(`/api/listings/${made.id}/application-settings`, {
    acceptingApplications: true,
    incomeMultiple: 40,
    guarantorIncomeMultiple: 80,
    requiredDocuments: ['pay_stub'],
    ...criteria,
  });
  expect(res.status).toBe(200);
  return made;
}

async function ok(res: Response, status = 200): Promise<Application> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ApplicationSchema.parse(body);
}

async function refused(res: Response, status: number, message?: string) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(res.status, JSON.stringify(body)).toBe(status);
  if (message) expect(body.error.message).toBe(message);
  return body.error;
}

/** The renter applies with the household given (the roommate and the guarantor by default). */
async function applyTogether(
  listingId: string,
  household: { coApplicants?: string[]; guarantor?: string } = {
    coApplicants: [roommate.email],
    guarantor: guarantor.email,
  },
  who: Person = renter,
) {
  const res = await who.client.post(`/api/listings/${listingId}/applications`, {
    documentIds: [stub[who === renter ? 'renter' : 'invitee'].id],
    idempotencyKey: randomUUID(),
    ...household,
  });
  return ok(res, 201);
}

/** The token of the newest invitation mailed to `email`, read from its link. */
async function tokenFor(email: string): Promise<string> {
  const [mail] = await db
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email), like(outboxEmails.text, '%/applications/join/%')))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(1);
  const token = mail?.text.match(/\/applications\/join\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const join = (who: Person, id: string, token: string, documentIds: string[]) =>
  who.client.post(`/api/applications/${id}/join`, { token, documentIds });

async function joinAll(application: Application) {
  await ok(
    await join(roommate, application.id, await tokenFor(roommate.email), [stub.roommate.id]),
  );
  return ok(
    await join(guarantor, application.id, await tokenFor(guarantor.email), [stub.guarantor.id]),
  );
}

const OFFER = {
  rentCents: RENT,
  depositCents: RENT,
  leaseStart: '2027-02-01',
  leaseMonths: 12,
  fees: [
    { name: 'Move-in fee', amountCents: 25_000 },
    { name: 'Amenity fee', amountCents: 5_000 },
  ],
};

describe('invitations', () => {
  it('mails each invitee a link; the landlord sees the application only once all have joined', async () => {
    const { id: listingId, title } = await listing();
    const invited = Date.now();
    const sent = await applyTogether(listingId);
    expect(sent.status).toBe('awaiting_household');
    expect(sent.members.map((m) => [m.role, m.status, m.email])).toEqual([
      ['co_applicant', 'invited', roommate.email],
      ['guarantor', 'invited', guarantor.email],
    ]);
    expect(sent.timeline.map((e) => e.kind)).toEqual(['member_invited', 'member_invited']);
    const invitation = InvitationViewSchema.parse(
      await (
        await client.fork().get(`/api/application-invitations/${await tokenFor(roommate.email)}`)
      ).json(),
    );
    expect(invitation).toMatchObject({
      applicationId: sent.id,
      role: 'co_applicant',
      invitedBy: NAMES.renter,
      listing: { id: listingId, title },
    });
    // 14 days from the invitation, which was sent between these two clock readings: bounded by
    // them, not by a guess at how long the requests took (issue 48).
    const expiresAt = Date.parse(invitation.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(invited + 14 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 14 * 86_400_000);

    const ownerSees = async () =>
      ApplicationsPageSchema.parse(await (await owner.client.get('/api/applications')).json())
        .items.map((a) => a.id)
        .includes(sent.id);
    expect(await ownerSees()).toBe(false);
    await refused(await owner.client.get(`/api/applications/${sent.id}`), 404);
    const joined = await ok(
      await join(roommate, sent.id, await tokenFor(roommate.email), [stub.roommate.id]),
    );
    expect(joined.viewer).toBe('member');
    expect(joined.status).toBe('awaiting_household');
    expect(await ownerSees()).toBe(false);

    const complete = await ok(
      await join(guarantor, sent.id, await tokenFor(guarantor.email), [stub.guarantor.id]),
    );
    expect(complete.status).toBe('submitted');
    expect(await ownerSees()).toBe(true);
    const seen = await ok(await owner.client.get(`/api/applications/${sent.id}`));
    expect(seen.members.map((m) => [m.name, m.status])).toEqual([
      [NAMES.roommate, 'joined'],
      [NAMES.guarantor, 'joined'],
    ]);
    const subjects = async (email: string) =>
      (
        await db
          .select({ subject: outboxEmails.subject })
          .from(outboxEmails)
          .where(eq(outboxEmails.to, email))
      ).map((m) => m.subject);
    expect(await subjects(owner.email)).toContain(`New application: ${title}`);
    expect(await subjects(roommate.email)).toContain(
      `${NAMES.renter} invited you to apply: ${title}`,
    );
    expect(await subjects(renter.email)).toEqual(
      expect.arrayContaining([
        `${NAMES.roommate} joined: ${title}`,
        `Your application is with the landlord: ${title}`,
      ]),
    );
  });

  it('answers 404 to a used, expired, foreign or made-up token, and changes nothing', async () => {
    const first = await applyTogether((await listing()).id, { coApplicants: [roommate.email] });
    const token = await tokenFor(roommate.email);
    const second = await applyTogether((await listing()).id, { guarantor: guarantor.email });
    // Foreign: the roommate's link is for the first application.
    await refused(await join(roommate, second.id, token, [stub.roommate.id]), 404);
    await refused(await join(roommate, first.id, 'made-up', [stub.roommate.id]), 404);
    await ok(await join(roommate, first.id, token, [stub.roommate.id]));
    // Used.
    await refused(await join(guarantor, first.id, token, [stub.guarantor.id]), 404);
    await refused(await client.fork().get(`/api/application-invitations/${token}`), 404);
    // Expired.
    const expiring = await tokenFor(guarantor.email);
    await db
      .update(applicationMembers)
      .set({ tokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(applicationMembers.applicationId, second.id));
    await refused(await join(guarantor, second.id, expiring, [stub.guarantor.id]), 404);
    const after = await ok(await renter.client.get(`/api/applications/${second.id}`));
    expect(after.members[0]?.status).toBe('invited');
  });

  it('lets one of two people joining at once with the same link in, the other 404', async () => {
    const sent = await applyTogether((await listing()).id, { coApplicants: [roommate.email] });
    const token = await tokenFor(roommate.email);
    const answers = await Promise.all([
      join(roommate, sent.id, token, [stub.roommate.id]),
      join(guarantor, sent.id, token, [stub.guarantor.id]),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 404]);
    const after = await ok(await renter.client.get(`/api/applications/${sent.id}`));
    expect(after.members).toHaveLength(1);
    expect(after.members[0]?.status).toBe('joined');
  });

  it('asks an invitee for a complete profile and the documents the listing asks for', async () => {
    const sent = await applyTogether((await listing()).id, { coApplicants: [roommate.email] });
    const token = await tokenFor(roommate.email);
    const error = await refused(await join(roommate, sent.id, token, []), 400);
    expect(error.message).toBe('Your application is missing: pay stub.');
    await refused(await join(roommate, sent.id, token, [stub.renter.id]), 400);
    // Still pending: the link still works.
    await ok(await join(roommate, sent.id, token, [stub.roommate.id]));
  });

  it('refuses bad household input with a 400 that names it, and more than one guarantor', async () => {
    const { id } = await listing();
    const post = (body: Record<string, unknown>) =>
      renter.client.post(`/api/listings/${id}/applications`, {
        documentIds: [stub.renter.id],
        idempotencyKey: randomUUID(),
        ...body,
      });
    const six = Array.from({ length: 6 }, (_, i) => `six-${i}-${randomUUID()}@example.com`);
    await refused(await post({ coApplicants: six }), 400, 'Invite at most 5 co-applicants.');
    await refused(
      await post({ coApplicants: ['not-an-address'] }),
      400,
      'Each invitation needs a valid email address.',
    );
    await refused(await post({ guarantor: renter.email }), 400, 'You cannot invite yourself.');
    await refused(
      await post({ coApplicants: [roommate.email], guarantor: roommate.email }),
      400,
      'Each person can be invited once.',
    );
    const sent = await applyTogether(id, { guarantor: guarantor.email });
    await refused(
      await renter.client.post(`/api/applications/${sent.id}/invite`, {
        email: roommate.email,
        role: 'guarantor',
      }),
      409,
      'An application can have one guarantor.',
    );
  });

  it('counts invitations toward 20 an hour an account (429 with Retry-After)', async () => {
    const { invitee } = people;
    const sent = await applyTogether(
      (await listing()).id,
      { coApplicants: [`a-${randomUUID()}@example.com`] },
      invitee,
    );
    const again = (email: string) =>
      invitee.client.post(`/api/applications/${sent.id}/invite`, { email, role: 'co_applicant' });
    const address = `b-${randomUUID()}@example.com`;
    // Re-sending a link counts as an invitation: 19 more reach the limit.
    for (let i = 0; i < 19; i += 1) await ok(await again(address));
    const res = await again(address);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await refused(res, 429, INVITATIONS_LIMIT_MESSAGE);
  });
});

describe('changing the household', () => {
  it('removes a member and re-invites: the old link stops, the new one joins', async () => {
    const sent = await applyTogether((await listing()).id);
    await ok(await join(roommate, sent.id, await tokenFor(roommate.email), [stub.roommate.id]));
    const oldLink = await tokenFor(guarantor.email);
    const guarantorId = sent.members.find((m) => m.role === 'guarantor')?.id;
    const removed = await ok(
      await renter.client.post(`/api/applications/${sent.id}/members/${guarantorId}/remove`),
    );
    // Nobody left to join: it goes to the landlord.
    expect(removed.status).toBe('submitted');
    expect(removed.timeline.at(-2)).toMatchObject({
      kind: 'member_removed',
      detail: 'a guarantor',
    });
    await ok(await owner.client.get(`/api/applications/${sent.id}`));
    const reinvited = await ok(
      await renter.client.post(`/api/applications/${sent.id}/invite`, {
        email: guarantor.email,
        role: 'guarantor',
      }),
    );
    expect(reinvited.status).toBe('awaiting_household');
    await refused(await join(guarantor, sent.id, oldLink, [stub.guarantor.id]), 404);
    const fresh = await tokenFor(guarantor.email);
    expect(fresh).not.toBe(oldLink);
    // The landlord, who has seen it, watches the member join live.
    const stream = await EventStreamReader.open(app, owner.client);
    try {
      await ok(await join(guarantor, sent.id, fresh, [stub.guarantor.id]));
      await stream.until((events) =>
        events.some(
          (e) =>
            e.type === 'application.changed' &&
            (e.data as { application: Application }).application.members.every(
              (m) => m.status === 'joined',
            ),
        ),
      );
    } finally {
      await stream.close();
    }
    const now = await ok(await owner.client.get(`/api/applications/${sent.id}`));
    expect(now.status).toBe('submitted');
  });

  it('lets a member leave until an offer, and nobody change the household after it', async () => {
    const sent = await joinAll(await applyTogether((await listing()).id));
    // Their other tabs hear it: the application leaves their lists.
    const stream = await EventStreamReader.open(app, roommate.client);
    try {
      expect((await roommate.client.post(`/api/applications/${sent.id}/leave`)).status).toBe(204);
      await stream.until((events) =>
        events.some(
          (e) => e.type === 'application.removed' && (e.data as { id: string }).id === sent.id,
        ),
      );
    } finally {
      await stream.close();
    }
    await refused(await roommate.client.get(`/api/applications/${sent.id}`), 404);
    const left = await ok(await renter.client.get(`/api/applications/${sent.id}`));
    expect(left.members.map((m) => m.role)).toEqual(['guarantor']);
    expect(left.timeline.at(-1)).toMatchObject({ kind: 'member_left', by: 'member' });

    await ok(await owner.client.post(`/api/applications/${sent.id}/offer`, OFFER));
    await refused(await guarantor.client.post(`/api/applications/${sent.id}/leave`), 409);
    const memberId = left.members[0]?.id;
    await refused(
      await renter.client.post(`/api/applications/${sent.id}/members/${memberId}/remove`),
      409,
    );
    await refused(
      await renter.client.post(`/api/applications/${sent.id}/invite`, {
        email: roommate.email,
        role: 'co_applicant',
      }),
      409,
    );
  });
});

describe('income and privacy', () => {
  it("counts every co-applicant's income, and a guarantor alone at the guarantor multiple", async () => {
    const alone = await ok(
      await renter.client.post(`/api/listings/${(await listing()).id}/applications`, {
        documentIds: [stub.renter.id],
        idempotencyKey: randomUUID(),
      }),
      201,
    );
    expect([alone.incomeMultiple, alone.meetsCriteria]).toEqual([18.7, false]);

    const withRoommate = await applyTogether((await listing()).id, {
      coApplicants: [roommate.email],
    });
    await ok(
      await join(roommate, withRoommate.id, await tokenFor(roommate.email), [stub.roommate.id]),
    );
    const household = await ok(await owner.client.get(`/api/applications/${withRoommate.id}`));
    expect(household).toMatchObject({
      incomeMultiple: 40.5,
      guarantorIncomeMultiple: null,
      meetsCriteria: 'household',
    });

    const withGuarantor = await applyTogether((await listing()).id, {
      guarantor: guarantor.email,
    });
    await ok(
      await join(guarantor, withGuarantor.id, await tokenFor(guarantor.email), [stub.guarantor.id]),
    );
    const guaranteed = await ok(await owner.client.get(`/api/applications/${withGuarantor.id}`));
    expect(guaranteed).toMatchObject({
      incomeMultiple: 18.7,
      guarantorIncomeMultiple: 81,
      meetsCriteria: 'guarantor',
    });
    // The income-decline rule reads the same figures: met through the guarantor, refused.
    await refused(
      await owner.client.post(`/api/applications/${withGuarantor.id}/decline`, {
        reason: 'income',
      }),
      409,
      "This application's guarantor meets the 80× income you asked of a guarantor: it cannot be declined for income.",
    );
    // Above the guarantor's 81×: neither way meets it, and an income decline is allowed.
    const strict = await applyTogether((await listing({ guarantorIncomeMultiple: 90 })).id, {
      guarantor: guarantor.email,
    });
    await ok(
      await join(guarantor, strict.id, await tokenFor(guarantor.email), [stub.guarantor.id]),
    );
    const short = await ok(
      await owner.client.post(`/api/applications/${strict.id}/decline`, { reason: 'income' }),
    );
    expect([short.meetsCriteria, short.status]).toEqual([false, 'declined']);
  });

  it("shows each member the others' names, never their income or documents; the landlord all", async () => {
    const sent = await applyTogether((await listing()).id);
    // A document sent with this application alone, for the 30-day window below.
    const ownStub = await uploadDocument(app, roommate.client, { kind: 'pay_stub' });
    await ok(await join(roommate, sent.id, await tokenFor(roommate.email), [ownStub.id]));
    await ok(await join(guarantor, sent.id, await tokenFor(guarantor.email), [stub.guarantor.id]));
    const asRoommate = await ok(await roommate.client.get(`/api/applications/${sent.id}`));
    expect(asRoommate).toMatchObject({
      viewer: 'member',
      profile: null,
      documents: [],
      incomeMultiple: null,
      guarantorIncomeMultiple: null,
      applicant: { name: NAMES.renter },
    });
    const [mine, theirs] = asRoommate.members;
    expect(mine).toMatchObject({ name: NAMES.roommate, email: roommate.email });
    expect(mine?.profile?.incomes[0]?.monthlyCents).toBe(INCOME.roommate);
    expect(mine?.documents.map((d) => d.id)).toEqual([ownStub.id]);
    expect(theirs).toMatchObject({
      name: NAMES.guarantor,
      email: null,
      profile: null,
      documents: [],
      incomeMultiple: null,
    });

    const asPrimary = await ok(await renter.client.get(`/api/applications/${sent.id}`));
    expect(asPrimary.viewer).toBe('applicant');
    expect(asPrimary.documents.map((d) => d.id)).toEqual([stub.renter.id]);
    expect(asPrimary.members.map((m) => [m.name, m.profile, m.documents])).toEqual([
      [NAMES.roommate, null, []],
      [NAMES.guarantor, null, []],
    ]);

    const asOwner = await ok(await owner.client.get(`/api/applications/${sent.id}`));
    expect(asOwner.members.map((m) => m.documents.map((d) => d.id))).toEqual([
      [ownStub.id],
      [stub.guarantor.id],
    ]);
    // A member's document opened by the landlord: on their timeline only.
    const opened = await owner.client.get(`/api/renter-profile/documents/${ownStub.id}`);
    expect(opened.status).toBe(200);
    const openings = async (who: Person) =>
      (await ok(await who.client.get(`/api/applications/${sent.id}`))).timeline.filter(
        (e) => e.kind === 'document_opened',
      ).length;
    expect([await openings(roommate), await openings(renter), await openings(guarantor)]).toEqual([
      1, 0, 0,
    ]);
    // And the landlord reads it for 30 days after the application closes, not after.
    await ok(await renter.client.post(`/api/applications/${sent.id}/withdraw`));
    await db
      .update(applications)
      .set({ closedAt: sql`now() - interval '31 days'` })
      .where(eq(applications.id, sent.id));
    const late = await owner.client.get(`/api/renter-profile/documents/${ownStub.id}`);
    expect(late.status).toBe(404);
  });
});

describe('the signed offer', () => {
  it('is signed with the legal name, rendered as a PDF, and the same file for all four', async () => {
    const sent = await joinAll(await applyTogether((await listing()).id));
    await ok(await owner.client.post(`/api/applications/${sent.id}/offer`, OFFER));
    await refused(
      await renter.client.post(`/api/applications/${sent.id}/accept`, { signature: 'R. Renter' }),
      400,
      SIGNATURE_MISMATCH_MESSAGE,
    );
    await refused(
      await roommate.client.post(`/api/applications/${sent.id}/accept`, {
        signature: NAMES.roommate,
      }),
      403,
    );
    expect((await ok(await renter.client.get(`/api/applications/${sent.id}`))).status).toBe(
      'offered',
    );
    const accepted = await ok(
      await renter.client.post(`/api/applications/${sent.id}/accept`, {
        signature: '  rhea   renter ',
      }),
    );
    expect(accepted.status).toBe('accepted');
    // Recorded as the application names her, not as typed.
    expect(accepted.signedOffer?.signedBy).toBe(NAMES.renter);
    expect(accepted.timeline.find((e) => e.kind === 'offer_signed')?.detail).toBe(NAMES.renter);

    const download = async (who: Person) => {
      const res = await who.client.get(`/api/applications/${sent.id}/offer.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      return Buffer.from(await res.arrayBuffer());
    };
    const pdf = await download(renter);
    for (const who of [roommate, guarantor, owner])
      expect((await download(who)).equals(pdf)).toBe(true);
    const text = await pdfText(pdf);
    for (const words of [
      '$3,850.00',
      'Move-in fee',
      '$250.00',
      'Amenity fee',
      '$50.00',
      NAMES.renter,
      NAMES.roommate,
      NAMES.guarantor,
      sent.id,
    ]) {
      expect(text).toContain(words);
    }
    // Rent and deposit are each $3,850.00.
    expect(text.split('$3,850.00').length - 1).toBeGreaterThanOrEqual(2);
    // The offer and the signature reached everyone on it, each in their own words.
    const { title } = sent.listing;
    for (const who of [roommate, guarantor]) {
      const mails = await db
        .select({ subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(eq(outboxEmails.to, who.email));
      expect(mails.map((m) => m.subject)).toEqual(
        expect.arrayContaining([`You have an offer: ${title}`, `Offer signed: ${title}`]),
      );
    }
  });

  it('is kept 3 years after the application closes, even when the accounts are deleted', async () => {
    const { renter: solo } = await signUpCast(client, db, { renter: 'renter' });
    await solo.client.put('/api/renter-profile', profile('Sol Solo', 2_000_000));
    const document = await uploadDocument(app, solo.client, { kind: 'pay_stub' });
    const sent = await ok(
      await solo.client.post(`/api/listings/${(await listing()).id}/applications`, {
        documentIds: [document.id],
        idempotencyKey: randomUUID(),
      }),
      201,
    );
    await ok(await owner.client.post(`/api/applications/${sent.id}/offer`, OFFER));
    const accepted = await ok(
      await solo.client.post(`/api/applications/${sent.id}/accept`, { signature: 'Sol Solo' }),
    );
    const [kept] = await db
      .select()
      .from(signedOffers)
      .where(eq(signedOffers.applicationId, sent.id));
    const closedAt = new Date(accepted.closedAt ?? '');
    expect(kept?.deleteAfter.getTime()).toBe(
      new Date(closedAt).setUTCFullYear(closedAt.getUTCFullYear() + 3),
    );
    expect((await solo.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    // The application went with the renter's account; the signed offer stays, for the landlord.
    expect((await owner.client.get(`/api/applications/${sent.id}/offer.pdf`)).status).toBe(200);
    expect(await deleteExpiredOffers(db, deps.storage)).toBe(0);
    await db
      .update(signedOffers)
      .set({ deleteAfter: sql`now() - interval '1 second'` })
      .where(eq(signedOffers.applicationId, sent.id));
    expect(await deleteExpiredOffers(db, deps.storage)).toBe(1);
    expect(await deps.storage.exists(kept?.storageKey ?? '')).toBe(false);
    expect((await owner.client.get(`/api/applications/${sent.id}/offer.pdf`)).status).toBe(404);
  });
});

/**
 * Who may do what: the primary applicant, an invitee before joining, a member, another renter,
 * the landlord, another landlord, an admin, and nobody signed in.
 */
describe('households authorization matrix', () => {
  const matrix = authzMatrix({
    client,
    seats: { ...people, signedOut: SIGNED_OUT },
  });
  /** An application with the roommate joined and `invitee` invited, not yet joined. */
  async function household(options: { offered?: boolean; signed?: boolean } = {}) {
    const { id } = await listing({ requiredDocuments: [] });
    const sent = await ok(
      await renter.client.post(`/api/listings/${id}/applications`, {
        documentIds: [],
        idempotencyKey: randomUUID(),
        coApplicants: [roommate.email, people.invitee.email],
      }),
      201,
    );
    await ok(await join(roommate, sent.id, await tokenFor(roommate.email), []));
    const inviteeToken = await tokenFor(people.invitee.email);
    if (options.offered || options.signed) {
      const memberId = sent.members.find((m) => m.email === people.invitee.email)?.id;
      await ok(await renter.client.post(`/api/applications/${sent.id}/members/${memberId}/remove`));
      await ok(await owner.client.post(`/api/applications/${sent.id}/offer`, OFFER));
    }
    if (options.signed) {
      await ok(
        await renter.client.post(`/api/applications/${sent.id}/accept`, {
          signature: NAMES.renter,
        }),
      );
    }
    const fresh = await ok(await renter.client.get(`/api/applications/${sent.id}`));
    return { id: sent.id, inviteeToken, members: fresh.members };
  }
  const snapshot = async () =>
    (
      await db
        .select({ id: applicationMembers.id, userId: applicationMembers.userId })
        .from(applicationMembers)
    ).sort((a, b) => a.id.localeCompare(b.id));

  matrix.row({
    name: 'GET /api/applications/{id} before the household completes',
    setup: () => household(),
    expect: {
      signedOut: 401,
      invitee: 404,
      otherRenter: 404,
      owner: 404,
      otherLandlord: 404,
      admin: 403,
      roommate: 200,
      renter: 200,
    },
    request: ({ id }) => ({ method: 'GET', path: `/api/applications/${id}` }),
  });
  matrix.row({
    name: 'POST /api/applications/{id}/invite: the primary applicant only',
    setup: () => household(),
    expect: {
      signedOut: 401,
      invitee: 404,
      otherRenter: 404,
      owner: 404,
      otherLandlord: 404,
      admin: 403,
      roommate: 403,
      renter: 200,
    },
    request: ({ id }) => ({
      method: 'POST',
      path: `/api/applications/${id}/invite`,
      body: { email: guarantor.email, role: 'guarantor' },
    }),
    unchanged: snapshot,
  });
  matrix.row({
    name: 'POST /api/applications/{id}/members/{memberId}/remove: the primary applicant only',
    setup: () => household(),
    expect: {
      signedOut: 401,
      invitee: 404,
      otherRenter: 404,
      owner: 404,
      otherLandlord: 404,
      admin: 403,
      roommate: 403,
      renter: 200,
    },
    request: ({ id, members }) => ({
      method: 'POST',
      path: `/api/applications/${id}/members/${members[0]?.id}/remove`,
    }),
    unchanged: snapshot,
  });
  matrix.row({
    name: 'POST /api/applications/{id}/leave: a member only',
    setup: () => household(),
    expect: {
      signedOut: 401,
      invitee: 404,
      otherRenter: 404,
      owner: 404,
      otherLandlord: 404,
      admin: 403,
      renter: 403,
      roommate: 204,
    },
    request: ({ id }) => ({ method: 'POST', path: `/api/applications/${id}/leave` }),
    unchanged: snapshot,
  });
  matrix.row({
    name: "POST /api/applications/{id}/join: the link's renter; landlords and admins refused",
    setup: () => household(),
    expect: {
      signedOut: 401,
      owner: 403,
      otherLandlord: 403,
      admin: 403,
      renter: 409,
      roommate: 409,
      invitee: 200,
    },
    request: ({ id, inviteeToken }) => ({
      method: 'POST',
      path: `/api/applications/${id}/join`,
      body: { token: inviteeToken, documentIds: [] },
    }),
    unchanged: snapshot,
  });
  matrix.row({
    name: 'GET /api/applications/{id}/offer.pdf: the landlord and everyone on it',
    setup: () => household({ signed: true }),
    expect: {
      signedOut: 401,
      invitee: 404,
      otherRenter: 404,
      otherLandlord: 404,
      admin: 403,
      owner: 200,
      roommate: 200,
      renter: 200,
    },
    request: ({ id }) => ({ method: 'GET', path: `/api/applications/${id}/offer.pdf` }),
  });
  matrix.row({
    name: 'POST /api/applications/{id}/accept: the primary applicant only',
    setup: () => household({ offered: true }),
    expect: {
      signedOut: 401,
      invitee: 404,
      otherRenter: 404,
      otherLandlord: 404,
      admin: 403,
      owner: 403,
      roommate: 403,
      renter: 200,
    },
    request: ({ id }) => ({
      method: 'POST',
      path: `/api/applications/${id}/accept`,
      body: { signature: NAMES.renter },
    }),
  });
});
