import {
  DEFAULT_TIME_ZONE,
  DEFAULT_TOUR_SETTINGS,
  type TourSettings,
  type WeeklyHours,
} from '../../shared/schemas/tours.ts';
import type { Db } from '../db/client.ts';
import { landlordAvailability, listingTourSettings } from '../db/schema/tours.ts';
import { seedListingId } from './seed-listings.ts';

/*
 * Demo tour hours (issue 13): every demo landlord shows places on weekday evenings and weekend
 * mornings in New York, so a renter can book on any demo listing right after `npm start`. Most
 * listings follow their landlord's defaults; a few have their own (requests, an open house,
 * in-person only). Rows that exist are left alone: a landlord's own edits survive a re-seed.
 */

const weekdays = (ranges: { start: string; end: string }[]) => ({
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: ranges,
});

const EVENINGS_AND_WEEKENDS: WeeklyHours = {
  ...weekdays([{ start: '17:00', end: '20:00' }]),
  saturday: [{ start: '10:00', end: '13:00' }],
  sunday: [{ start: '10:00', end: '13:00' }],
};

/** A property manager with an office: lunchtime too, Saturday only. */
const OFFICE_HOURS: WeeklyHours = {
  ...weekdays([
    { start: '12:00', end: '13:30' },
    { start: '17:00', end: '20:00' },
  ]),
  saturday: [{ start: '10:00', end: '14:00' }],
  sunday: [],
};

/** Each demo landlord's hours and defaults, by their place in `landlordIds` (0: the demo one). */
function landlordProfile(index: number): { weeklyHours: WeeklyHours; tourDefaults: TourSettings } {
  switch (index % 4) {
    case 1:
      return {
        weeklyHours: OFFICE_HOURS,
        tourDefaults: { ...DEFAULT_TOUR_SETTINGS, lengthMinutes: 30, intervalMinutes: 30 },
      };
    case 2:
      // Asks to approve each tour.
      return {
        weeklyHours: EVENINGS_AND_WEEKENDS,
        tourDefaults: { ...DEFAULT_TOUR_SETTINGS, mode: 'request', maxPerDay: 6 },
      };
    case 3:
      return {
        weeklyHours: EVENINGS_AND_WEEKENDS,
        tourDefaults: { ...DEFAULT_TOUR_SETTINGS, types: ['in_person'], bufferBeforeMinutes: 10 },
      };
    default:
      return { weeklyHours: EVENINGS_AND_WEEKENDS, tourDefaults: DEFAULT_TOUR_SETTINGS };
  }
}

/** A listing's own settings, for a few demo listings (by seed index); null: the defaults. */
function listingSettings(index: number): TourSettings | null {
  // Listing 0 is the demo landlord's: a Saturday-style open house.
  if (index === 0 || index % 97 === 11) {
    return {
      ...DEFAULT_TOUR_SETTINGS,
      capacity: 4,
      lengthMinutes: 30,
      intervalMinutes: 30,
      bufferAfterMinutes: 0,
    };
  }
  if (index % 13 === 7) return { ...DEFAULT_TOUR_SETTINGS, mode: 'request' };
  if (index % 17 === 3) return { ...DEFAULT_TOUR_SETTINGS, types: ['video'], minNoticeMinutes: 60 };
  if (index % 19 === 5) return { ...DEFAULT_TOUR_SETTINGS, types: ['in_person'], maxPerDay: 4 };
  return null;
}

export async function seedTourSettings(
  db: Db,
  input: { landlordIds: string[]; listings: number },
): Promise<void> {
  await db
    .insert(landlordAvailability)
    .values(
      input.landlordIds.map((landlordId, index) => ({
        landlordId,
        timeZone: DEFAULT_TIME_ZONE,
        ...landlordProfile(index),
      })),
    )
    .onConflictDoNothing();
  const own = Array.from({ length: input.listings }, (_, index) => ({
    listingId: seedListingId(index),
    settings: listingSettings(index),
  })).flatMap((row) =>
    row.settings ? [{ listingId: row.listingId, settings: row.settings }] : [],
  );
  for (let start = 0; start < own.length; start += 2000) {
    await db
      .insert(listingTourSettings)
      .values(own.slice(start, start + 2000))
      .onConflictDoNothing();
  }
}
