import { and, asc, between, eq, inArray, ne } from 'drizzle-orm';
import {
  type ApplicationSettings,
  DEFAULT_APPLICATION_SETTINGS,
} from '../../shared/schemas/application-settings.ts';
import type { ApplicationStatus, Decline, Offer } from '../../shared/schemas/applications.ts';
import type { MemberRole } from '../../shared/schemas/households.ts';
import type { DocumentKind } from '../../shared/schemas/renter-documents.ts';
import type { Db } from '../db/client.ts';
import {
  applicationDocuments,
  applicationEvents,
  applicationMembers,
  applications,
  listingApplicationSettings,
  renterDocuments,
} from '../db/schema/applications.ts';
import { listings } from '../db/schema/listings.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { seedListingId, stableUuid } from './seed-ids.ts';
import {
  type DemoRenterEmail,
  demoDocumentId,
  demoProfile,
  seedRenterProfiles,
} from './seed-renter-profiles.ts';

/*
 * Demo rental applications (issues 28, 29): the demo renter's open application to one of the
 * demo landlord's listings, and the landlord's queue in several states (submitted, info
 * requested, offered with its fees, declined, withdrawn) from the other demo renters, one of
 * them a household (the demo renter as roommate, a guarantor); criteria on two of the listings. Each is written as the API would have left it: the profile and criteria copied,
 * the documents sent, the timeline. Stable ids and `on conflict do nothing`: a second run adds
 * nothing, and an application the demo users moved on stays where they left it.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Criteria of the first two listings (positions below); the others take the defaults. */
const CRITERIA: ApplicationSettings[] = [
  {
    acceptingApplications: true,
    incomeMultiple: 40,
    guarantorIncomeMultiple: 80,
    requiredDocuments: ['pay_stub'],
  },
  {
    acceptingApplications: true,
    incomeMultiple: 40,
    guarantorIncomeMultiple: null,
    requiredDocuments: ['bank_statement'],
  },
];

type Step = {
  kind: string;
  by: 'renter' | 'member' | 'landlord' | 'stoop';
  agoMs: number;
  detail?: string;
};

/** A co-applicant or guarantor who joined (issue 29), with the documents they sent. */
type DemoMember = {
  renter: DemoRenterEmail;
  role: MemberRole;
  documents: string[];
  invitedAgoMs: number;
  joinedAgoMs: number;
};

type DemoApplication = {
  key: string;
  renter: DemoRenterEmail;
  /** Among the picked listings, 0-based. */
  listing: number;
  status: ApplicationStatus;
  documents: string[];
  message?: string;
  offer?: (rentCents: number, leaseStart: string) => Offer;
  decline?: Decline;
  members?: DemoMember[];
  /** In order; a closed one's last step is its close. */
  steps: Step[];
};

const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    key: 'maya-open',
    renter: 'renter@stoop.test',
    listing: 0,
    status: 'submitted',
    documents: ['maya-pay-stub', 'maya-employment-letter'],
    message: 'Hi! We loved the light at the viewing. Happy to send anything else you need.',
    steps: [
      { kind: 'submitted', by: 'renter', agoMs: 2 * DAY },
      { kind: 'viewed', by: 'landlord', agoMs: 30 * HOUR },
    ],
  },
  {
    key: 'jordan-submitted',
    renter: 'jordan.rivera@stoop.test',
    listing: 0,
    status: 'submitted',
    documents: ['jordan-pay-stub'],
    steps: [{ kind: 'submitted', by: 'renter', agoMs: 5 * HOUR }],
  },
  {
    key: 'priya-info-requested',
    renter: 'priya.natarajan@stoop.test',
    listing: 1,
    status: 'info_requested',
    documents: ['priya-bank-statement', 'priya-voucher-letter'],
    message: 'CityFHEPS pays part of the rent; the letter is attached.',
    steps: [
      { kind: 'submitted', by: 'renter', agoMs: 4 * DAY },
      { kind: 'viewed', by: 'landlord', agoMs: 3 * DAY + 6 * HOUR },
      {
        kind: 'document_opened',
        by: 'landlord',
        agoMs: 3 * DAY + 5 * HOUR,
        detail: 'bank-statement.pdf',
      },
      {
        kind: 'info_requested',
        by: 'landlord',
        agoMs: 3 * DAY + 4 * HOUR,
        detail: 'Could you send your last two 1099s, or a letter from your accountant?',
      },
    ],
  },
  {
    key: 'leo-offered',
    renter: 'leo.marchetti@stoop.test',
    listing: 2,
    status: 'offered',
    documents: ['leo-pay-stub'],
    offer: (rentCents, leaseStart) => ({
      rentCents,
      depositCents: rentCents,
      leaseStart,
      leaseMonths: 12,
      fees: [
        { name: 'Building move-in fee', amountCents: 25_000 },
        { name: 'Key fob', amountCents: 5_000 },
      ],
    }),
    steps: [
      { kind: 'submitted', by: 'renter', agoMs: 6 * DAY },
      { kind: 'viewed', by: 'landlord', agoMs: 5 * DAY },
      { kind: 'document_opened', by: 'landlord', agoMs: 5 * DAY - HOUR, detail: 'stub.pdf' },
      { kind: 'offered', by: 'landlord', agoMs: 1 * DAY },
    ],
  },
  {
    key: 'jordan-declined',
    renter: 'jordan.rivera@stoop.test',
    listing: 2,
    status: 'declined',
    documents: ['jordan-pay-stub'],
    decline: { reason: 'other', note: 'We need someone who can move in this month.' },
    steps: [
      { kind: 'submitted', by: 'renter', agoMs: 8 * DAY },
      { kind: 'viewed', by: 'landlord', agoMs: 7 * DAY },
      {
        kind: 'declined',
        by: 'landlord',
        agoMs: 5 * DAY,
        detail: 'We need someone who can move in this month.',
      },
    ],
  },
  {
    // A household: Jordan applies with the demo renter as roommate and Leo as guarantor.
    key: 'jordan-household',
    renter: 'jordan.rivera@stoop.test',
    listing: 3,
    status: 'submitted',
    documents: ['jordan-pay-stub'],
    message: 'Maya and I are applying together; Leo is our guarantor.',
    members: [
      {
        renter: 'renter@stoop.test',
        role: 'co_applicant',
        documents: ['maya-pay-stub'],
        invitedAgoMs: 3 * DAY,
        joinedAgoMs: 3 * DAY - 2 * HOUR,
      },
      {
        renter: 'leo.marchetti@stoop.test',
        role: 'guarantor',
        documents: ['leo-pay-stub'],
        invitedAgoMs: 3 * DAY,
        joinedAgoMs: 2 * DAY,
      },
    ],
    steps: [
      { kind: 'member_invited', by: 'renter', agoMs: 3 * DAY, detail: 'a co-applicant' },
      { kind: 'member_invited', by: 'renter', agoMs: 3 * DAY, detail: 'a guarantor' },
      { kind: 'member_joined', by: 'member', agoMs: 3 * DAY - 2 * HOUR, detail: 'Maya Chen' },
      { kind: 'member_joined', by: 'member', agoMs: 2 * DAY, detail: 'Leo Marchetti' },
      { kind: 'submitted', by: 'renter', agoMs: 2 * DAY },
      { kind: 'viewed', by: 'landlord', agoMs: 20 * HOUR },
    ],
  },
  {
    key: 'leo-withdrawn',
    renter: 'leo.marchetti@stoop.test',
    listing: 3,
    status: 'withdrawn',
    documents: ['leo-pay-stub'],
    steps: [
      { kind: 'submitted', by: 'renter', agoMs: 10 * DAY },
      { kind: 'withdrawn', by: 'renter', agoMs: 7 * DAY },
    ],
  },
];

const CLOSED: ApplicationStatus[] = [
  'accepted',
  'offer_rejected',
  'declined',
  'withdrawn',
  'closed',
];

/** The demo landlord's listings the applications go to: active, rents the profiles can meet. */
async function pickListings(db: Db, landlordId: string) {
  return db
    .select({ id: listings.id, rentCents: listings.rentCents })
    .from(listings)
    .where(
      and(
        eq(listings.landlordId, landlordId),
        eq(listings.status, 'active'),
        ne(listings.id, seedListingId(0)),
        between(listings.rentCents, 200_000, 400_000),
      ),
    )
    .orderBy(asc(listings.id))
    .limit(4);
}

export async function seedDemoApplications(
  db: Db,
  input: {
    storage: MediaStorage;
    landlordId: string;
    renterIds: Partial<Record<DemoRenterEmail, string>>;
  },
): Promise<string[]> {
  const created = await seedRenterProfiles(db, input);
  const picked = await pickListings(db, input.landlordId);
  if (picked.length < 4) return created;
  await db
    .insert(listingApplicationSettings)
    .values(CRITERIA.map((criteria, i) => ({ listingId: picked[i]?.id ?? '', ...criteria })))
    .onConflictDoNothing();
  // What each listing asks now (a row edited since the first run is copied as it is).
  const settings = await db
    .select()
    .from(listingApplicationSettings)
    .where(
      inArray(
        listingApplicationSettings.listingId,
        picked.map((l) => l.id),
      ),
    );
  const criteriaOf = (listingId: string): ApplicationSettings => {
    const row = settings.find((s) => s.listingId === listingId);
    if (!row) return DEFAULT_APPLICATION_SETTINGS;
    const { acceptingApplications, incomeMultiple, guarantorIncomeMultiple } = row;
    const requiredDocuments = row.requiredDocuments as DocumentKind[];
    return { acceptingApplications, incomeMultiple, guarantorIncomeMultiple, requiredDocuments };
  };
  const documents = await db
    .select()
    .from(renterDocuments)
    .where(
      inArray(
        renterDocuments.id,
        DEMO_APPLICATIONS.flatMap((a) =>
          [...a.documents, ...(a.members ?? []).flatMap((m) => m.documents)].map(demoDocumentId),
        ),
      ),
    );

  const now = Date.now();
  let added = 0;
  for (const demo of DEMO_APPLICATIONS) {
    const renterId = input.renterIds[demo.renter];
    const listing = picked[demo.listing];
    if (!renterId || !listing?.rentCents) continue;
    const profile = demoProfile(demo.renter);
    // When the landlord first saw it: a household's once everyone had joined.
    const submittedStep = demo.steps.find((s) => s.kind === 'submitted') ?? demo.steps[0];
    const submittedAt = new Date(now - (submittedStep?.agoMs ?? 0));
    const lastAt = new Date(now - (demo.steps.at(-1)?.agoMs ?? 0));
    const id = stableUuid(`demo-application-${demo.key}`);
    const [row] = await db
      .insert(applications)
      .values({
        id,
        listingId: listing.id,
        renterId,
        landlordId: input.landlordId,
        status: demo.status,
        profile,
        criteria: criteriaOf(listing.id),
        rentCents: listing.rentCents,
        message: demo.message ?? null,
        moveInDate: profile.moveInDate ?? null,
        idempotencyKey: `demo-${demo.key}`,
        offer: demo.offer?.(listing.rentCents, profile.moveInDate ?? '') ?? null,
        decline: demo.decline ?? null,
        submittedAt,
        updatedAt: lastAt,
        closedAt: CLOSED.includes(demo.status) ? lastAt : null,
      })
      // Also when the renter has an open application there already (a database seeded before).
      .onConflictDoNothing()
      .returning({ id: applications.id });
    if (!row) continue;
    added += 1;
    const sendDocuments = (keys: string[], from: number, memberId: string | null) =>
      keys.flatMap((key, i) => {
        const document = documents.find((d) => d.id === demoDocumentId(key));
        if (!document) return [];
        const { kind, name, size, contentType } = document;
        return [
          {
            applicationId: id,
            documentId: document.id,
            sentDocumentId: document.id,
            ...{ kind, name, size, contentType, position: from + i, memberId },
          },
        ];
      });
    const sent = sendDocuments(demo.documents, 0, null);
    for (const member of demo.members ?? []) {
      const userId = input.renterIds[member.renter];
      if (!userId) continue;
      const memberId = stableUuid(`demo-member-${demo.key}-${member.renter}`);
      await db.insert(applicationMembers).values({
        id: memberId,
        applicationId: id,
        role: member.role,
        email: member.renter,
        userId,
        profile: demoProfile(member.renter),
        invitedAt: new Date(now - member.invitedAgoMs),
        tokenExpiresAt: new Date(now - member.invitedAgoMs + 14 * DAY),
        joinedAt: new Date(now - member.joinedAgoMs),
      });
      sent.push(...sendDocuments(member.documents, sent.length, memberId));
    }
    if (sent.length > 0) await db.insert(applicationDocuments).values(sent);
    await db.insert(applicationEvents).values(
      demo.steps.map((step) => ({
        applicationId: id,
        kind: step.kind,
        by: step.by,
        detail: step.detail ?? null,
        at: new Date(now - step.agoMs),
      })),
    );
  }
  if (added > 0) created.push(`${added} applications`);
  return created;
}
