import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  DEFAULT_TOUR_SETTINGS,
  type Tour,
  TourSchema,
  type TourSettings,
} from '../../shared/schemas/tours.ts';
import type { Db } from '../db/client.ts';
import { landlordAvailability, listingTourSettings } from '../db/schema/tours.ts';
import { publishListing } from './listing-fixtures.ts';
import { type Person, person } from './messaging-fixtures.ts';
import type { ApiClient } from './test-app.ts';

type RequestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

const ALL_DAY = [{ start: '00:00', end: '24:00' }];

/** Open every day, all day, in UTC (slots on the 20-minute grid of UTC midnight). */
export async function openAllDay(
  db: Db,
  landlordId: string,
  settings: Partial<TourSettings> = {},
  timeZone = 'UTC',
) {
  const row = {
    landlordId,
    timeZone,
    weeklyHours: {
      monday: ALL_DAY,
      tuesday: ALL_DAY,
      wednesday: ALL_DAY,
      thursday: ALL_DAY,
      friday: ALL_DAY,
      saturday: ALL_DAY,
      sunday: ALL_DAY,
    },
    overrides: [],
    vacations: [],
    tourDefaults: { ...DEFAULT_TOUR_SETTINGS, ...settings },
  };
  await db
    .insert(landlordAvailability)
    .values(row)
    .onConflictDoUpdate({ target: landlordAvailability.landlordId, set: row });
}

export async function setListingSettings(
  db: Db,
  listingId: string,
  settings: Partial<TourSettings>,
) {
  const full = { ...DEFAULT_TOUR_SETTINGS, ...settings };
  await db
    .insert(listingTourSettings)
    .values({ listingId, settings: full })
    .onConflictDoUpdate({ target: listingTourSettings.listingId, set: { settings: full } });
}

/** A slot start `hours` (whole) from now, on the hour in UTC. */
export function slotIn(hours: number): string {
  const start = new Date(Date.now() + hours * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  return start.toISOString();
}

export type TourWorld = {
  landlord: Person;
  renter: Person;
  listingId: string;
};

/** A landlord open all day with one published listing, and a renter. */
export async function tourWorld(
  app: RequestApp,
  client: ApiClient,
  db: Db,
  settings: Partial<TourSettings> = {},
): Promise<TourWorld> {
  const landlord = await person(client, 'landlord');
  const renter = await person(client, 'renter');
  const listing = await publishListing(app, landlord.client);
  await openAllDay(db, landlord.id, settings);
  return { landlord, renter, listingId: listing.id };
}

export async function book(
  renter: Person,
  listingId: string,
  start: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return renter.client.post('/api/tours', {
    listingId,
    start,
    type: 'in_person',
    idempotencyKey: randomUUID(),
    ...extra,
  });
}

export async function booked(
  renter: Person,
  listingId: string,
  start: string,
  extra: Record<string, unknown> = {},
): Promise<Tour> {
  const res = await book(renter, listingId, start, extra);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return TourSchema.parse(body);
}

/** Moves a tour's times by `ms` (into the past to test completion), keeping its length. */
export async function shiftTour(db: Db, tourId: string, ms: number) {
  await db.execute(sql`update tours set starts_at = starts_at + ${`${ms} milliseconds`}::interval,
    ends_at = ends_at + ${`${ms} milliseconds`}::interval where id = ${tourId}`);
}
