import type { Application, ApplicationMember } from '../../shared/schemas/applications.ts';
import type { RenterDocument } from '../../shared/schemas/renter-documents.ts';

/** Test-only: rental applications as the applications API answers them (issue 28). */

export const APPLICATION_LISTING_ID = '00000000-0000-4000-8000-0000000000d1';
export const OTHER_LISTING_ID = '00000000-0000-4000-8000-0000000000d2';
export const APPLICANT_ID = '00000000-0000-4000-8000-00000000000a';
export const PAY_STUB_ID = '00000000-0000-4000-8000-0000000000f1';

/** The id of the `n`th application a test makes. */
export const applicationId = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A submitted application from Rhea for a $3,000 listing asking 40×: $10,500 a month is 42.0×,
 * which meets it. One PDF pay stub sent.
 */
export function anApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: applicationId(1),
    status: 'submitted',
    viewer: 'landlord',
    listing: {
      id: APPLICATION_LISTING_ID,
      title: 'Sunny two-bedroom',
      neighborhood: 'tribeca',
      rentCents: 300_000,
    },
    applicant: { id: APPLICANT_ID, name: 'Rhea Renter' },
    profile: {
      legalName: 'Rhea Renter',
      phone: '(718) 555-0142',
      currentAddress: '12 Test Street, Brooklyn, NY',
      moveInDate: '2027-03-01',
      occupants: 2,
      pets: [{ kind: 'cat', count: 1 }],
      incomes: [
        {
          source: 'employment',
          employer: 'Acme Hospital',
          title: 'Nurse',
          monthlyCents: 1_050_000,
        },
      ],
      rentalHistory: [{ address: '9 Old Road', from: '2020-01', to: '2024-12' }],
    },
    members: [],
    message: 'We would love to live here.',
    moveInDate: '2027-03-01',
    documents: [
      {
        id: PAY_STUB_ID,
        kind: 'pay_stub',
        name: 'pay-stub.pdf',
        size: 2048,
        contentType: 'application/pdf',
        removed: false,
      },
    ],
    criteria: {
      acceptingApplications: true,
      incomeMultiple: 40,
      guarantorIncomeMultiple: null,
      requiredDocuments: ['pay_stub'],
    },
    rentCents: 300_000,
    incomeMultiple: 42,
    guarantorIncomeMultiple: null,
    meetsCriteria: 'household',
    offer: null,
    decline: null,
    signedOffer: null,
    timeline: [{ kind: 'submitted', at: '2026-11-20T15:00:00.000Z', by: 'renter', detail: null }],
    submittedAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

/** A renter's document as `GET /api/renter-profile/documents` lists it. */
export function aDocument(overrides: Partial<RenterDocument> = {}): RenterDocument {
  return {
    id: PAY_STUB_ID,
    kind: 'pay_stub',
    name: 'pay-stub.pdf',
    size: 2048,
    contentType: 'application/pdf',
    uploadedAt: '2026-11-19T15:00:00.000Z',
    ...overrides,
  };
}

export const MEMBER_ID = '00000000-0000-4000-8000-0000000000b1';

/**
 * A co-applicant as the landlord sees them once joined: Mo, $4,000 a month, one pay stub. Pass
 * `status: 'invited'` (with `name: null`) for one who has not joined yet.
 */
export function aMember(overrides: Partial<ApplicationMember> = {}): ApplicationMember {
  return {
    id: MEMBER_ID,
    role: 'co_applicant',
    status: 'joined',
    name: 'Mo Roommate',
    email: 'mo@stoop.test',
    invitedAt: '2026-11-20T15:00:00.000Z',
    expiresAt: null,
    joinedAt: '2026-11-21T15:00:00.000Z',
    profile: {
      legalName: 'Mo Roommate',
      phone: '(718) 555-0143',
      currentAddress: '14 Test Street, Brooklyn, NY',
      pets: [],
      incomes: [{ source: 'employment', employer: 'Bodega Co', monthlyCents: 400_000 }],
      rentalHistory: [],
    },
    documents: [
      {
        id: '00000000-0000-4000-8000-0000000000f9',
        kind: 'pay_stub',
        name: 'mo-stub.pdf',
        size: 4096,
        contentType: 'application/pdf',
        removed: false,
      },
    ],
    incomeMultiple: null,
    ...overrides,
  };
}

/** One invited who has not joined: no name yet, the link's expiry. */
export const anInvitee = (overrides: Partial<ApplicationMember> = {}) =>
  aMember({
    id: '00000000-0000-4000-8000-0000000000b2',
    status: 'invited',
    name: null,
    email: 'gus@stoop.test',
    role: 'guarantor',
    joinedAt: null,
    expiresAt: '2026-12-04T15:00:00.000Z',
    profile: null,
    documents: [],
    ...overrides,
  });
