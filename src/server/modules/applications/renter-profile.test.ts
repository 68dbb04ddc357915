import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ApplicationSettingsResponseSchema,
  ApplicationSettingsViewSchema,
  DEFAULT_APPLICATION_SETTINGS,
} from '../../../shared/schemas/application-settings.ts';
import {
  PROFILE_FIELDS,
  type RenterProfileInput,
  RenterProfileResponseSchema,
} from '../../../shared/schemas/renter-profile.ts';
import { listingApplicationSettings, renterProfiles } from '../../db/schema/applications.ts';
import { type Answer, authzMatrix, SIGNED_OUT, signUpCast } from '../../test/authz-matrix.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';

/**
 * The renter's reusable profile and a listing's application criteria (issue 28): what may be
 * stored, what `missing` says, and who may read or change either.
 */

const { app, client, db } = await createTestApp();
const people = await signUpCast(client, db, {
  renter: 'renter',
  otherRenter: 'renter',
  owner: 'landlord',
  otherLandlord: 'landlord',
  admin: 'admin',
});
const { renter, owner } = people;
const listing = await publishListing(app, owner.client);
const draft = await readListing(await owner.client.post('/api/listings', { title: 'Draft loft' }));

const FULL: RenterProfileInput = {
  legalName: 'Rhea Q. Renter',
  phone: '+1 (718) 555-0142',
  currentAddress: '12 Bergen St, Brooklyn, NY 11201',
  moveInDate: '2027-02-01',
  occupants: 2,
  pets: [{ kind: 'cat', count: 1 }],
  incomes: [
    {
      source: 'employment',
      employer: 'Acme Corp',
      title: 'Engineer',
      since: '2023-04',
      monthlyCents: 850_000,
    },
  ],
  rentalHistory: [
    {
      address: '40 Court St, Brooklyn',
      from: '2021-06',
      to: '2024-05',
      monthlyRentCents: 240_000,
      landlordName: 'Pat Owner',
      landlordContact: 'pat@example.com',
    },
  ],
  voucher: { program: 'CityFHEPS', monthlyCents: 100_000 },
  about: 'Quiet, two cats… one cat.',
};

async function putProfile(body: unknown, who = renter) {
  return who.client.put('/api/renter-profile', body);
}

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return body.error;
}

describe('GET and PUT /api/renter-profile', () => {
  it('starts empty, with every field an application needs missing', async () => {
    const res = await (await signUpCast(client, db, { fresh: 'renter' })).fresh.client.get(
      '/api/renter-profile',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(RenterProfileResponseSchema.parse(await res.json())).toEqual({
      profile: null,
      missing: [...PROFILE_FIELDS],
    });
  });

  it('stores a whole profile and reads it back as sent, nothing missing', async () => {
    const sent = Date.now();
    const res = await putProfile(FULL);
    expect(res.status).toBe(200);
    const saved = RenterProfileResponseSchema.parse(await res.json());
    expect(saved.missing).toEqual([]);
    const { updatedAt, ...profile } = saved.profile ?? { updatedAt: '' };
    expect(profile).toEqual(FULL);
    // Stamped by this save: not before it was sent, however long it took (issue 48).
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(sent);
    expect(Date.parse(updatedAt)).toBeLessThanOrEqual(Date.now());
    const again = RenterProfileResponseSchema.parse(
      await (await renter.client.get('/api/renter-profile')).json(),
    );
    expect(again).toEqual(saved);
  });

  it('replaces the whole profile: a partial save names what is still missing', async () => {
    const res = await putProfile({ legalName: 'Rhea Renter', occupants: 1 });
    expect(res.status).toBe(200);
    const saved = RenterProfileResponseSchema.parse(await res.json());
    expect(saved.missing).toEqual(['phone', 'currentAddress', 'moveInDate', 'incomes']);
    expect(saved.profile?.pets).toEqual([]);
    expect(saved.profile?.voucher).toBeUndefined();
  });

  it('counts a voucher as a source of income', async () => {
    const { incomes: _, ...withoutJob } = FULL;
    const saved = RenterProfileResponseSchema.parse(await (await putProfile(withoutJob)).json());
    expect(saved.missing).toEqual([]);
    const { voucher: __, ...neither } = withoutJob;
    const none = RenterProfileResponseSchema.parse(await (await putProfile(neither)).json());
    expect(none.missing).toEqual(['incomes']);
  });

  const refused: Array<[string, unknown, string, string]> = [
    ['a question New York forbids (unknown field)', { ...FULL, ssn: '123-45-6789' }, '', ''],
    ['criminal history', { ...FULL, criminalHistory: false }, '', ''],
    ['date of birth', { ...FULL, dateOfBirth: '1990-01-01' }, '', ''],
    ['a field inside an income', { ...FULL, incomes: [{ ...FULL.incomes?.[0], age: 30 }] }, '', ''],
    ['13 occupants', { ...FULL, occupants: 13 }, 'occupants', 'Occupants must be at most 12.'],
    ['0 occupants', { ...FULL, occupants: 0 }, 'occupants', 'Occupants must be at least 1.'],
    ['a bad move-in date', { ...FULL, moveInDate: '2027-02-30' }, 'moveInDate', ''],
    [
      'a bad month',
      { ...FULL, incomes: [{ source: 'employment', since: '2023-13', monthlyCents: 1 }] },
      'incomes.0.since',
      'Income since must be a month (YYYY-MM).',
    ],
    [
      'an unknown pet',
      { ...FULL, pets: [{ kind: 'horse', count: 1 }] },
      'pets.0.kind',
      'Pet kind must be dog, cat or other.',
    ],
    [
      'negative income',
      { ...FULL, incomes: [{ source: 'other', monthlyCents: -1 }] },
      'incomes.0.monthlyCents',
      'Monthly income cannot be negative.',
    ],
    [
      'a home that ends before it starts',
      { ...FULL, rentalHistory: [{ address: 'x', from: '2024-01', to: '2023-01' }] },
      'rentalHistory.0.to',
      'A home cannot end before it starts.',
    ],
    ['not a phone number', { ...FULL, phone: 'call me' }, 'phone', 'Phone must be a phone number.'],
    [
      '1,001 characters about',
      { ...FULL, about: 'a'.repeat(1001) },
      'about',
      'About must be at most 1000 characters.',
    ],
    [
      'a voucher of $0',
      { ...FULL, voucher: { program: 'Section 8', monthlyCents: 0 } },
      'voucher.monthlyCents',
      'Amount the program pays must be more than 0.',
    ],
  ];
  for (const [what, body, path, message] of refused) {
    it(`refuses ${what} with a 400 and changes nothing`, async () => {
      await putProfile(FULL);
      const before = await db
        .select()
        .from(renterProfiles)
        .where(eq(renterProfiles.userId, renter.id));
      const res = await putProfile(body);
      expect(res.status).toBe(400);
      const body400 = (await res.json()) as {
        error: { code: string; message: string; details?: { path: string; message: string }[] };
      };
      expect(body400.error.code).toBe('VALIDATION_ERROR');
      if (path) expect(body400.error.details?.map((d) => d.path)).toContain(path);
      if (message) expect(body400.error.details?.map((d) => d.message)).toContain(message);
      const after = await db
        .select()
        .from(renterProfiles)
        .where(eq(renterProfiles.userId, renter.id));
      expect(after).toEqual(before);
    });
  }
});

describe('GET and PUT /api/listings/{id}/application-settings', () => {
  const path = (id = listing.id) => `/api/listings/${id}/application-settings`;
  const CRITERIA = {
    acceptingApplications: true,
    incomeMultiple: 40,
    guarantorIncomeMultiple: 80,
    requiredDocuments: ['pay_stub', 'id'],
  };

  it('shows the defaults until the owner states criteria, then those, to anyone', async () => {
    const fresh = await publishListing(app, owner.client);
    const before = await client.fork().get(path(fresh.id));
    expect(before.status).toBe(200);
    expect(ApplicationSettingsResponseSchema.parse(await before.json()).settings).toEqual(
      DEFAULT_APPLICATION_SETTINGS,
    );
    const put = await owner.client.put(path(fresh.id), { ...CRITERIA, incomeMultiple: 40.5 });
    expect(put.status).toBe(200);
    const stated = { ...CRITERIA, incomeMultiple: 40.5 };
    expect(ApplicationSettingsResponseSchema.parse(await put.json()).settings).toEqual(stated);
    const after = await client.fork().get(path(fresh.id));
    expect(ApplicationSettingsViewSchema.parse(await after.json())).toEqual({
      settings: stated,
      // The profile page names the listing it lists needs for (?listingId=).
      listing: { id: fresh.id, title: fresh.title },
    });
  });

  const bad: Array<[string, unknown]> = [
    ['an unknown field', { ...CRITERIA, creditScore: 700 }],
    ['a multiple below 1', { ...CRITERIA, incomeMultiple: 0.5 }],
    ['two decimals', { ...CRITERIA, incomeMultiple: 40.25 }],
    ['an unknown document', { ...CRITERIA, requiredDocuments: ['credit_report'] }],
    ['a document twice', { ...CRITERIA, requiredDocuments: ['id', 'id'] }],
    ['a missing field', { acceptingApplications: true }],
  ];
  for (const [what, body] of bad) {
    it(`refuses ${what} with a 400 and changes nothing`, async () => {
      await owner.client.put(path(), CRITERIA);
      const res = await owner.client.put(path(), body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
      const [row] = await db
        .select({ multiple: listingApplicationSettings.incomeMultiple })
        .from(listingApplicationSettings)
        .where(eq(listingApplicationSettings.listingId, listing.id));
      expect(row?.multiple).toBe(40);
    });
  }

  it('answers 404 for an unknown listing, 400 for a malformed id (as tour-settings does)', async () => {
    expect((await client.fork().get(path('00000000-0000-4000-8000-000000000000'))).status).toBe(
      404,
    );
    expect((await client.fork().get(path('nope'))).status).toBe(400);
  });
});

const settingsRow = async (listingId: string) =>
  db
    .select()
    .from(listingApplicationSettings)
    .where(eq(listingApplicationSettings.listingId, listingId));
const profileRows = async () => db.select().from(renterProfiles);

const matrix = authzMatrix({ client, seats: { signedOut: SIGNED_OUT, ...people } });
const FORBIDDEN: Answer = 403;
const NOT_FOUND: Answer = 404;

describe('renter profile and criteria authorization matrix', () => {
  matrix.row({
    name: 'GET /api/renter-profile: renters, each their own',
    expect: {
      signedOut: 401,
      owner: FORBIDDEN,
      otherLandlord: FORBIDDEN,
      admin: FORBIDDEN,
      otherRenter: 200,
      renter: 200,
    },
    request: () => ({ method: 'GET', path: '/api/renter-profile' }),
    inspect: (caller, status, text) => {
      // Another renter never sees this renter's profile.
      if (caller !== 'renter' && status === 200) expect(text).not.toContain('Rhea Q. Renter');
    },
  });

  matrix.row({
    name: 'PUT /api/renter-profile: renters only',
    setup: () => putProfile(FULL),
    expect: {
      signedOut: 401,
      owner: FORBIDDEN,
      otherLandlord: FORBIDDEN,
      admin: FORBIDDEN,
      renter: 200,
    },
    request: () => ({ method: 'PUT', path: '/api/renter-profile', body: FULL }),
    unchanged: profileRows,
  });

  matrix.row({
    name: 'GET application-settings of an active listing: anyone',
    expect: { signedOut: 200, renter: 200, otherLandlord: 200, admin: 200, owner: 200 },
    request: () => ({ method: 'GET', path: `/api/listings/${listing.id}/application-settings` }),
  });

  matrix.row({
    name: 'GET application-settings of a draft: its owner only',
    expect: {
      signedOut: NOT_FOUND,
      renter: NOT_FOUND,
      otherLandlord: NOT_FOUND,
      admin: NOT_FOUND,
      owner: 200,
    },
    request: () => ({ method: 'GET', path: `/api/listings/${draft.id}/application-settings` }),
  });

  matrix.row({
    name: 'PUT application-settings: the owner only',
    expect: {
      signedOut: 401,
      renter: FORBIDDEN,
      admin: FORBIDDEN,
      otherLandlord: NOT_FOUND,
      owner: 200,
    },
    request: () => ({
      method: 'PUT',
      path: `/api/listings/${listing.id}/application-settings`,
      body: {
        acceptingApplications: false,
        incomeMultiple: 45,
        guarantorIncomeMultiple: null,
        requiredDocuments: [],
      },
    }),
    unchanged: () => settingsRow(listing.id),
  });
});

describe('account deletion', () => {
  it("erases the renter's profile", async () => {
    const { leaving } = await signUpCast(client, db, { leaving: 'renter' });
    expect((await putProfile(FULL, leaving)).status).toBe(200);
    const deleted = await leaving.client.delete('/api/me', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(204);
    const rows = await db
      .select()
      .from(renterProfiles)
      .where(eq(renterProfiles.userId, leaving.id));
    expect(rows).toEqual([]);
  });
});
