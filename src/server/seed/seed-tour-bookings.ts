import { and, asc, eq, ne } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import {
  DEFAULT_TIME_ZONE,
  DEFAULT_TOUR_SETTINGS,
  type TourStatus,
  type TourType,
  type WaitlistPreferences,
} from '../../shared/schemas/tours.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { listings } from '../db/schema/listings.ts';
import { listingTourSettings, tours, waitlistEntries } from '../db/schema/tours.ts';
import { scheduleSeededTourJobs } from '../modules/tours/tours.service.ts';
import { createUserWithPassword } from '../modules/users/users.service.ts';
import { seedListingId, stableUuid } from './seed-listings.ts';

/*
 * Demo tours and waitlist entries (issue 13), so the landlord's agenda, requests and queues are
 * not empty: for the demo landlord, a past completed tour and a no-show, upcoming confirmed
 * tours, two requests to answer and a cancellation; a queue of three renters on one listing;
 * and the demo renter waiting on another landlord's listing. Times are relative to the first
 * seed (on the landlord's hours, in New York); rows have stable ids, so a second run adds
 * nothing.
 */

/** More renters for the queues (same password as the other demo accounts). */
export const DEMO_RENTERS = [
  { email: 'jordan.rivera@stoop.test', name: 'Jordan Rivera' },
  { email: 'priya.natarajan@stoop.test', name: 'Priya Natarajan' },
  { email: 'leo.marchetti@stoop.test', name: 'Leo Marchetti' },
] as const;

type DemoTour = {
  key: string;
  listing: number;
  renter: number;
  /** Days from today (New York) and local time. */
  day: number;
  time: string;
  status: TourStatus;
  type?: TourType;
  note?: string;
  cancelReason?: string;
};

/** Listing positions are among the demo landlord's own active listings (0 is the open house, kept free). */
const DEMO_TOURS: DemoTour[] = [
  { key: 'past-completed', listing: 1, renter: 0, day: -6, time: '17:20', status: 'completed' },
  { key: 'past-no-show', listing: 2, renter: 1, day: -4, time: '18:00', status: 'no_show' },
  {
    key: 'past-cancelled',
    listing: 1,
    renter: 2,
    day: -2,
    time: '19:00',
    status: 'cancelled',
    cancelReason: 'Found a place closer to work.',
  },
  {
    key: 'upcoming-1',
    listing: 1,
    renter: 0,
    day: 2,
    time: '17:40',
    status: 'confirmed',
    note: 'Could we also see the laundry room?',
  },
  {
    key: 'upcoming-2',
    listing: 2,
    renter: 3,
    day: 3,
    time: '18:20',
    status: 'confirmed',
    type: 'video',
  },
  { key: 'upcoming-3', listing: 1, renter: 1, day: 5, time: '19:00', status: 'confirmed' },
  {
    key: 'request-1',
    listing: 3,
    renter: 0,
    day: 4,
    time: '17:00',
    status: 'requested',
    note: 'I work nearby, evenings are best.',
  },
  { key: 'request-2', listing: 3, renter: 2, day: 6, time: '18:40', status: 'requested' },
];

const QUEUE: { renter: number; preferences: WaitlistPreferences; minutesAgo: number }[] = [
  {
    renter: 1,
    preferences: { days: ['saturday', 'sunday'], times: ['morning'], types: [] },
    minutesAgo: 3000,
  },
  {
    renter: 2,
    preferences: { days: [], times: ['evening'], types: ['in_person'] },
    minutesAgo: 1500,
  },
  { renter: 3, preferences: { days: [], times: [], types: [] }, minutesAgo: 200 },
];

function localInstant(day: number, time: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const date = Temporal.Now.plainDateISO(DEFAULT_TIME_ZONE).add({ days: day });
  const zoned = date.toZonedDateTime({
    timeZone: DEFAULT_TIME_ZONE,
    plainTime: new Temporal.PlainTime(hour, minute),
  });
  return new Date(zoned.epochMilliseconds);
}

export async function seedTourBookings(
  db: Db,
  input: { demoLandlordId: string; demoRenterId: string | undefined; password: string },
): Promise<string[]> {
  const created: string[] = [];
  for (const renter of DEMO_RENTERS) {
    const user = await createUserWithPassword({
      ctx: { db },
      input: { ...renter, password: input.password, userType: 'renter' },
    });
    if (user) created.push(user.email);
  }
  const rows = await db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id;
  const renters = [input.demoRenterId, ...DEMO_RENTERS.map((r) => idOf(r.email))];
  if (renters.some((id) => !id)) return created;
  const own = await db
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(
        eq(listings.landlordId, input.demoLandlordId),
        eq(listings.status, 'active'),
        ne(listings.id, seedListingId(0)),
      ),
    )
    .orderBy(asc(listings.id))
    .limit(4);
  if (own.length < 4) return created;
  const listingOf = (position: number) => own[position - 1]?.id ?? '';
  // The listing with requests asks the landlord to approve each tour.
  await db
    .insert(listingTourSettings)
    .values({ listingId: listingOf(3), settings: { ...DEFAULT_TOUR_SETTINGS, mode: 'request' } })
    .onConflictDoNothing();

  const now = Date.now();
  const values = DEMO_TOURS.map((tour) => {
    const start = localInstant(tour.day, tour.time);
    return {
      id: stableUuid(`demo-tour-${tour.key}`),
      listingId: listingOf(tour.listing),
      renterId: renters[tour.renter] ?? '',
      landlordId: input.demoLandlordId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 20 * 60_000),
      type: tour.type ?? 'in_person',
      note: tour.note ?? null,
      status: tour.status,
      seat: 1,
      expiresAt: tour.status === 'requested' ? new Date(now + 24 * 3_600_000) : null,
      cancelledBy: tour.status === 'cancelled' ? 'renter' : null,
      cancelReason: tour.cancelReason ?? null,
      sequence: tour.status === 'cancelled' ? 1 : 0,
      idempotencyKey: `demo-${tour.key}`,
      createdAt: new Date(Math.min(now, start.getTime()) - 2 * 86_400_000),
    };
  });
  const inserted = await db
    .insert(tours)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: tours.id });
  if (inserted.length > 0) {
    created.push(`${inserted.length} tours`);
    await scheduleSeededTourJobs(
      db,
      inserted.map((row) => row.id),
    );
  }

  const entries = [
    ...QUEUE.map((entry, index) => ({
      id: stableUuid(`demo-waitlist-${index}`),
      listingId: listingOf(4),
      renterId: renters[entry.renter] ?? '',
      preferences: entry.preferences,
      createdAt: new Date(now - entry.minutesAgo * 60_000),
    })),
    // The demo renter waits on another landlord's listing.
    {
      id: stableUuid('demo-waitlist-renter'),
      listingId: seedListingId(1),
      renterId: renters[0] ?? '',
      preferences: { days: [], times: ['evening'], types: [] } satisfies WaitlistPreferences,
      createdAt: new Date(now - 600 * 60_000),
    },
  ];
  const queued = await db
    .insert(waitlistEntries)
    .values(entries)
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  if (queued.length > 0) created.push(`${queued.length} waitlist entries`);
  return created;
}
