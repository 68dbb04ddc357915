import {
  type Availability,
  DEFAULT_TOUR_SETTINGS,
  type ListingTourSettings,
  type Tour,
  type WeeklyHours,
  WeeklyHoursSchema,
} from '../../shared/schemas/tours.ts';

/** Test-only: tours, tour settings and availability as the tours API answers them. */

export const TOUR_LISTING_ID = '00000000-0000-4000-8000-0000000000d1';
export const TOUR_ID = '00000000-0000-4000-8000-0000000000e1';
export const NEW_YORK = 'America/New_York';

const TWENTY_MINUTES = 20 * 60_000;

/** The id of the `n`th tour a test makes. */
export const tourId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A confirmed 20-minute in-person tour of TOUR_LISTING_ID; `end` follows `start` unless given. */
export function aTour(overrides: Partial<Tour> = {}): Tour {
  const start = overrides.start ?? '2026-11-20T15:30:00.000Z';
  return {
    id: TOUR_ID,
    listingId: TOUR_LISTING_ID,
    listing: {
      id: TOUR_LISTING_ID,
      title: 'Sunny two-bedroom',
      address: '12 Test Street',
      unit: '3B',
      neighborhood: 'tribeca',
      borough: 'manhattan',
      coverPhotoUrl: null,
    },
    renter: { id: '00000000-0000-4000-8000-00000000000a', name: 'Rita' },
    landlord: { id: '00000000-0000-4000-8000-00000000000b', name: 'Lou' },
    start,
    end: new Date(Date.parse(start) + TWENTY_MINUTES).toISOString(),
    timeZone: NEW_YORK,
    type: 'in_person',
    note: null,
    status: 'confirmed',
    expiresAt: null,
    cancelledBy: null,
    cancelReason: null,
    rescheduledFromId: null,
    rescheduledToId: null,
    sequence: 0,
    createdAt: '2026-10-01T12:00:00.000Z',
    updatedAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  };
}

/** TOUR_LISTING_ID's tour settings, inherited from the defaults, in New York. */
export function listingTourSettings(
  overrides: Partial<ListingTourSettings> = {},
): ListingTourSettings {
  return {
    ...DEFAULT_TOUR_SETTINGS,
    listingId: TOUR_LISTING_ID,
    inherited: true,
    timeZone: NEW_YORK,
    ...overrides,
  };
}

/** A week with every day closed but those given. */
export function weeklyHours(days: Partial<WeeklyHours> = {}): WeeklyHours {
  // The schema fills each day left out with no hours.
  return { ...WeeklyHoursSchema.parse({}), ...days };
}

/** A landlord's availability in New York with the default tour settings. */
export function anAvailability(overrides: Partial<Availability> = {}): Availability {
  return {
    timeZone: NEW_YORK,
    weeklyHours: weeklyHours(),
    overrides: [],
    vacations: [],
    tourDefaults: DEFAULT_TOUR_SETTINGS,
    ...overrides,
  };
}
