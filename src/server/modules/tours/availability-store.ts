import { and, eq, type SQL } from 'drizzle-orm';
import {
  type Availability,
  DEFAULT_TIME_ZONE,
  DEFAULT_TOUR_SETTINGS,
  type TourSettings,
  WeeklyHoursSchema,
} from '../../../shared/schemas/tours.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { landlordAvailability, listingTourSettings } from '../../db/schema/tours.ts';

/** The pool or an open transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Closed every day: what a landlord who never set hours has. */
export const EMPTY_WEEKLY_HOURS = WeeklyHoursSchema.parse({});

/** Stored settings completed with today's defaults (a field added later gets its default). */
export function fullSettings(stored: Partial<TourSettings> | null | undefined): TourSettings {
  return { ...DEFAULT_TOUR_SETTINGS, ...stored };
}

type AvailabilityRow = typeof landlordAvailability.$inferSelect;

export function toAvailability(row: AvailabilityRow | null | undefined): Availability {
  if (!row) {
    return {
      timeZone: DEFAULT_TIME_ZONE,
      weeklyHours: EMPTY_WEEKLY_HOURS,
      overrides: [],
      vacations: [],
      tourDefaults: DEFAULT_TOUR_SETTINGS,
    };
  }
  return {
    timeZone: row.timeZone,
    weeklyHours: { ...EMPTY_WEEKLY_HOURS, ...row.weeklyHours },
    overrides: row.overrides,
    vacations: row.vacations,
    tourDefaults: fullSettings(row.tourDefaults),
  };
}

/** A landlord's availability, or the defaults when they never saved any. */
export async function readAvailability(db: Executor, landlordId: string): Promise<Availability> {
  const [row] = await db
    .select()
    .from(landlordAvailability)
    .where(eq(landlordAvailability.landlordId, landlordId));
  return toAvailability(row);
}

/** A listing with its landlord's availability and its own settings, when `visible` allows. */
export type ListingTourContext = {
  listingId: string;
  landlordId: string;
  status: string;
  availability: Availability;
  /** The effective settings: the listing's own, else the landlord's defaults. */
  settings: TourSettings;
  inherited: boolean;
};

export async function readListingTourContext(
  db: Executor,
  listingId: string,
  visible: SQL,
): Promise<ListingTourContext | null> {
  const [row] = await db
    .select({
      landlordId: listings.landlordId,
      status: listings.status,
      availability: landlordAvailability,
      own: listingTourSettings.settings,
    })
    .from(listings)
    .leftJoin(landlordAvailability, eq(landlordAvailability.landlordId, listings.landlordId))
    .leftJoin(listingTourSettings, eq(listingTourSettings.listingId, listings.id))
    .where(and(eq(listings.id, listingId), visible));
  if (!row) return null;
  const availability = toAvailability(row.availability);
  return {
    listingId,
    landlordId: row.landlordId,
    status: row.status,
    availability,
    settings: row.own ? fullSettings(row.own) : availability.tourDefaults,
    inherited: !row.own,
  };
}
