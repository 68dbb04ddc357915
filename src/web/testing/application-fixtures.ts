import type { Application } from '../../shared/schemas/applications.ts';
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
    meetsCriteria: true,
    offer: null,
    decline: null,
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
