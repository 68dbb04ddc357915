import type { Application } from '../../shared/schemas/applications.ts';
import type { RenterProfile } from '../../shared/schemas/renter-profile.ts';

/** Test-only: a renter's profile and an application as the API answers them (issue 28). */

export const APPLY_LISTING = '00000000-0000-4000-8000-0000000000d1';
export const APPLY_RENT = 320_000;

export const APPLY_PROFILE: RenterProfile = {
  legalName: 'Rhea Renter',
  phone: '+1 718 555 0100',
  currentAddress: '12 Test Street, Brooklyn, NY',
  moveInDate: '2027-03-01',
  occupants: 2,
  incomes: [{ source: 'employment', employer: 'Acme', monthlyCents: 1_100_000 }],
  rentalHistory: [],
  pets: [],
  updatedAt: '2026-11-20T15:00:00.000Z',
};

export function anApplication(overrides: Partial<Application> = {}): Application {
  const { updatedAt: _updatedAt, ...profile } = APPLY_PROFILE;
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    status: 'submitted',
    viewer: 'applicant',
    listing: {
      id: APPLY_LISTING,
      title: 'Sunny two-bedroom',
      neighborhood: null,
      rentCents: APPLY_RENT,
    },
    applicant: { id: '00000000-0000-4000-8000-00000000000a', name: 'Rhea Renter' },
    profile,
    members: [],
    message: null,
    moveInDate: APPLY_PROFILE.moveInDate ?? null,
    documents: [],
    criteria: {
      acceptingApplications: true,
      incomeMultiple: 40,
      guarantorIncomeMultiple: null,
      requiredDocuments: ['pay_stub'],
    },
    rentCents: APPLY_RENT,
    incomeMultiple: 41.2,
    guarantorIncomeMultiple: null,
    meetsCriteria: 'household',
    offer: null,
    decline: null,
    signedOffer: null,
    timeline: [{ kind: 'submitted', at: '2026-11-28T09:00:00.000Z', by: 'renter', detail: null }],
    submittedAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T09:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}
