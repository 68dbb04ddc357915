import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  AvailabilitySchema,
  DEFAULT_TOUR_SETTINGS,
  ListingTourSettingsSchema,
  SlotsResponseSchema,
} from '../../../shared/schemas/tours.ts';
import { authzMatrix, SIGNED_OUT } from '../../test/authz-matrix.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { type ApiClient, createTestApp } from '../../test/test-app.ts';

const { app, client } = await createTestApp();
const signedOut = client.fork();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const otherLandlord = client.fork();
await otherLandlord.signUp({ userType: 'landlord' });
const renter = client.fork();
await renter.signUp({ userType: 'renter' });
const otherRenter = client.fork();
await otherRenter.signUp({ userType: 'renter' });

const listing = await publishListing(app, landlord);
const draft = await readListing(await landlord.post('/api/listings', { title: 'Draft studio' }));

const put = (who: ApiClient, url: string, body: unknown) => who.request('PUT', url, body);

async function availabilityOf(who: ApiClient) {
  const res = await who.get('/api/landlord/availability');
  expect(res.status).toBe(200);
  return AvailabilitySchema.parse(await res.json());
}

async function expectBadRequest(res: Response, message?: string) {
  const { error } = ErrorBodySchema.parse(await res.json());
  expect(res.status, JSON.stringify(error)).toBe(400);
  expect(error.code).toBe('VALIDATION_ERROR');
  if (message) expect(error.message).toBe(message);
}

const slotsUrl = (id: string) => `/api/listings/${id}/tour-slots?from=2026-12-01&to=2026-12-07`;

describe('authorization matrix', () => {
  const matrix = authzMatrix({
    client,
    seats: {
      signedOut: SIGNED_OUT,
      renter: { client: renter },
      otherRenter: { client: otherRenter },
      landlord: { client: landlord },
      otherLandlord: { client: otherLandlord },
    },
  });
  const get = (path: string) => ({ method: 'GET', path });
  const putting = (path: string, body: unknown) => ({ method: 'PUT', path, body });
  /** Landlords only, each their own. */
  const LANDLORDS = {
    signedOut: 401,
    renter: 403,
    otherRenter: 403,
    landlord: 200,
    otherLandlord: 200,
  };
  const EVERYONE = {
    signedOut: 200,
    renter: 200,
    otherRenter: 200,
    landlord: 200,
    otherLandlord: 200,
  };
  /** The listing's landlord only; a draft is not found for anyone else. */
  const OWNER_PREVIEW = {
    signedOut: 404,
    renter: 404,
    otherRenter: 404,
    landlord: 200,
    otherLandlord: 404,
  };
  const OWNER_CHANGE = {
    signedOut: 401,
    renter: 403,
    otherRenter: 403,
    landlord: 200,
    otherLandlord: 404,
  };
  const rows = [
    {
      name: 'GET /api/landlord/availability',
      call: get('/api/landlord/availability'),
      expect: LANDLORDS,
    },
    {
      name: 'PUT /api/landlord/availability',
      call: putting('/api/landlord/availability', { timeZone: 'America/Chicago' }),
      expect: LANDLORDS,
    },
    {
      name: 'GET tour-settings of a public listing',
      call: get(`/api/listings/${listing.id}/tour-settings`),
      expect: EVERYONE,
    },
    {
      name: 'GET tour-settings of a draft',
      call: get(`/api/listings/${draft.id}/tour-settings`),
      expect: OWNER_PREVIEW,
    },
    {
      name: 'PUT tour-settings',
      call: putting(`/api/listings/${listing.id}/tour-settings`, { capacity: 2 }),
      expect: OWNER_CHANGE,
    },
    {
      name: 'PUT tour-settings of a draft',
      call: putting(`/api/listings/${draft.id}/tour-settings`, { capacity: 2 }),
      expect: OWNER_CHANGE,
    },
    {
      name: 'GET tour-slots of a public listing',
      call: get(slotsUrl(listing.id)),
      expect: EVERYONE,
    },
    {
      name: 'GET tour-slots of a draft (its owner previews it)',
      call: get(slotsUrl(draft.id)),
      expect: OWNER_PREVIEW,
    },
  ];
  for (const { name, call, expect } of rows) matrix.row({ name, expect, request: () => call });

  it('another landlord changing tour settings changes nothing', async () => {
    await put(otherLandlord, `/api/listings/${listing.id}/tour-settings`, { capacity: 9 });
    const res = await renter.get(`/api/listings/${listing.id}/tour-settings`);
    expect(ListingTourSettingsSchema.parse(await res.json()).capacity).not.toBe(9);
  });
});

describe('GET/PUT /api/landlord/availability', () => {
  it('a landlord who never saved hours is closed every day with the default settings', async () => {
    const fresh = client.fork();
    await fresh.signUp({ userType: 'landlord' });
    expect(await availabilityOf(fresh)).toEqual({
      timeZone: 'America/New_York',
      weeklyHours: {
        monday: [],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
        saturday: [],
        sunday: [],
      },
      overrides: [],
      vacations: [],
      tourDefaults: DEFAULT_TOUR_SETTINGS,
    });
  });

  it('replaces the fields given, merges tourDefaults and keeps the rest', async () => {
    const hours = {
      monday: [
        { start: '17:00', end: '20:00' },
        { start: '09:00', end: '10:00' },
      ],
      saturday: [{ start: '10:00', end: '24:00' }],
    };
    const first = await put(landlord, '/api/landlord/availability', {
      timeZone: 'America/New_York',
      weeklyHours: hours,
      overrides: [
        { date: '2026-12-27', ranges: [{ start: '11:00', end: '13:00' }] },
        { date: '2026-12-24', ranges: [] },
      ],
      vacations: [{ start: '2026-12-30', end: '2027-01-02' }],
      tourDefaults: { lengthMinutes: 30, capacity: 2 },
    });
    expect(first.status).toBe(200);
    const saved = AvailabilitySchema.parse(await first.json());
    expect(saved.weeklyHours.monday).toHaveLength(2);
    expect(saved.weeklyHours.tuesday).toEqual([]);
    expect(saved.overrides.map((o) => o.date)).toEqual(['2026-12-24', '2026-12-27']);
    expect(saved.tourDefaults).toEqual({
      ...DEFAULT_TOUR_SETTINGS,
      lengthMinutes: 30,
      capacity: 2,
    });

    const second = await put(landlord, '/api/landlord/availability', {
      tourDefaults: { mode: 'request' },
    });
    const after = AvailabilitySchema.parse(await second.json());
    expect(after).toEqual({ ...saved, tourDefaults: { ...saved.tourDefaults, mode: 'request' } });
    expect(await availabilityOf(landlord)).toEqual(after);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await availabilityOf(landlord);
    const bad: [unknown, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'Unknown time zone.'],
      [
        {
          weeklyHours: {
            monday: [
              { start: '17:00', end: '19:00' },
              { start: '18:00', end: '20:00' },
            ],
          },
        },
        'Ranges on one day must not overlap.',
      ],
      [
        { weeklyHours: { monday: [{ start: '19:00', end: '17:00' }] } },
        'A range must end after it starts.',
      ],
      [
        { weeklyHours: { monday: [{ start: '25:00', end: '26:00' }] } },
        'Use a time like 17:30 (24-hour clock).',
      ],
      [
        {
          overrides: [
            { date: '2026-12-24', ranges: [] },
            { date: '2026-12-24', ranges: [{ start: '10:00', end: '11:00' }] },
          ],
        },
        'Each date can have only one override.',
      ],
      [
        { vacations: [{ start: '2026-12-10', end: '2026-12-01' }] },
        'A vacation must end on or after its first day.',
      ],
      [{ tourDefaults: { capacity: 0 } }, ''],
      [{ tourDefaults: { types: [] } }, 'Offer at least one tour type.'],
    ];
    for (const [body, message] of bad) {
      await expectBadRequest(
        await put(landlord, '/api/landlord/availability', body),
        message || undefined,
      );
    }
    await expectBadRequest(
      await landlord.request('PUT', '/api/landlord/availability', undefined, {
        'content-type': 'application/json',
      }),
    );
    expect(await availabilityOf(landlord)).toEqual(before);
  });
});

describe('GET/PUT /api/listings/{id}/tour-settings', () => {
  it('follows the landlord defaults until the listing has its own, and again after inherit', async () => {
    const own = await publishListing(app, landlord, { neighborhood: 'astoria' });
    const url = `/api/listings/${own.id}/tour-settings`;
    const defaults = (await availabilityOf(landlord)).tourDefaults;
    const read = async () => ListingTourSettingsSchema.parse(await (await renter.get(url)).json());

    expect(await read()).toEqual({
      ...defaults,
      listingId: own.id,
      inherited: true,
      timeZone: 'America/New_York',
    });

    const res = await put(landlord, url, { capacity: 4, types: ['in_person'] });
    expect(res.status).toBe(200);
    const changed = ListingTourSettingsSchema.parse(await res.json());
    expect(changed).toMatchObject({ capacity: 4, types: ['in_person'], inherited: false });
    expect(changed.lengthMinutes).toBe(defaults.lengthMinutes);
    expect(await read()).toEqual(changed);

    // The landlord's new defaults no longer reach a listing with its own settings.
    await put(landlord, '/api/landlord/availability', { tourDefaults: { lengthMinutes: 45 } });
    expect((await read()).lengthMinutes).toBe(defaults.lengthMinutes);

    const back = await put(landlord, url, { inherit: true });
    expect(ListingTourSettingsSchema.parse(await back.json())).toMatchObject({
      inherited: true,
      lengthMinutes: 45,
      capacity: defaults.capacity,
    });
    expect((await read()).inherited).toBe(true);
  });

  it('refuses bad settings with a 400 and changes nothing', async () => {
    const url = `/api/listings/${listing.id}/tour-settings`;
    const before = await (await landlord.get(url)).json();
    for (const body of [
      { capacity: 0 },
      { lengthMinutes: 5 },
      { mode: 'whenever' },
      { types: [] },
      { maxPerDay: 0 },
      { inherit: true, capacity: 3 },
    ]) {
      await expectBadRequest(await put(landlord, url, body));
    }
    expect(await (await landlord.get(url)).json()).toEqual(before);
  });

  it('answers 404 for a listing that does not exist and 400 for an id that is not one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await renter.get(`/api/listings/${missing}/tour-settings`)).status).toBe(404);
    expect(
      (await put(landlord, `/api/listings/${missing}/tour-settings`, { capacity: 2 })).status,
    ).toBe(404);
    expect((await renter.get('/api/listings/nope/tour-settings')).status).toBe(400);
  });
});

describe('GET /api/listings/{id}/tour-slots input', () => {
  it('answers the listing time zone and no slots for a landlord without hours', async () => {
    const res = await signedOut.get(slotsUrl(listing.id));
    expect(res.status).toBe(200);
    expect(SlotsResponseSchema.parse(await res.json()).timeZone).toBe('America/New_York');
  });

  it('refuses bad dates and ranges over 62 days', async () => {
    const base = `/api/listings/${listing.id}/tour-slots`;
    await expectBadRequest(await renter.get(`${base}?from=2026-12-01`));
    await expectBadRequest(await renter.get(`${base}?from=2026-12-01&to=tomorrow`));
    await expectBadRequest(await renter.get(`${base}?from=2026-02-30&to=2026-03-01`));
    await expectBadRequest(
      await renter.get(`${base}?from=2026-12-10&to=2026-12-01`),
      'The range must end on or after its first day.',
    );
    await expectBadRequest(
      await renter.get(`${base}?from=2026-12-01&to=2027-02-01`),
      'Ask for at most 62 days at a time.',
    );
    expect((await renter.get(`${base}?from=2026-12-01&to=2027-01-31`)).status).toBe(200);
  });
});
