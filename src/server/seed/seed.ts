import { count, inArray } from 'drizzle-orm';
import type { UserType } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { createUserWithPassword } from '../modules/users/users.service.ts';
import { seedDemoSavedSearch } from './seed-alerts.ts';
import { seedDemoApplications } from './seed-applications.ts';
import { seedDemoInvoices, seedPlans } from './seed-billing.ts';
import { DEFAULT_SEED_LISTINGS, seedListings } from './seed-listings.ts';
import { seedModeration } from './seed-moderation.ts';
import { seedDemoNotes } from './seed-notes.ts';
import { DEMO_RENTERS, seedTourBookings } from './seed-tour-bookings.ts';
import { seedTourSettings } from './seed-tours.ts';

/** Documented in the README; demo data is for local use only. */
export const DEMO_PASSWORD = 'stoop-demo-2026';

export const DEMO_ACCOUNTS: { email: string; name: string; userType: UserType }[] = [
  { email: 'renter@stoop.test', name: 'Maya Chen', userType: 'renter' },
  { email: 'landlord@stoop.test', name: 'Daniel Okafor', userType: 'landlord' },
  { email: 'admin@stoop.test', name: 'Stoop Admin', userType: 'admin' },
];

/** More landlords who own the demo listings (same password). */
export const DEMO_LANDLORDS: { email: string; name: string; userType: UserType }[] = [
  { email: 'harbor.vine@stoop.test', name: 'Harbor & Vine Properties', userType: 'landlord' },
  { email: 'rosa.delgado@stoop.test', name: 'Rosa Delgado', userType: 'landlord' },
  { email: 'brightwater@stoop.test', name: 'Brightwater Management', userType: 'landlord' },
  { email: 'sam.greenberg@stoop.test', name: 'Samuel Greenberg', userType: 'landlord' },
  { email: 'kingsbridge.realty@stoop.test', name: 'Kingsbridge Realty Co.', userType: 'landlord' },
  { email: 'ava.lindqvist@stoop.test', name: 'Ava Lindqvist', userType: 'landlord' },
];

export type SeedOptions = {
  /** How many active demo listings (default 2,000); `db:seed -- --listings N`. */
  listings?: number;
  /** Where the demo photos go; without it no listings are seeded. */
  storage?: MediaStorage;
  /** SEED_PHOTO_CACHE_DIR: where drawn demo photos are kept for the next seed. */
  photoCacheDir?: string;
};

/** Loads the demo data. Idempotent: a second run creates nothing. Returns what it created. */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<string[]> {
  const created: string[] = [];
  for (const account of [...DEMO_ACCOUNTS, ...DEMO_LANDLORDS]) {
    const user = await createUserWithPassword({
      ctx: { db },
      input: { ...account, password: DEMO_PASSWORD },
    });
    if (user) created.push(user.email);
  }
  if (!options.storage) return created;
  const emails = [...DEMO_ACCOUNTS, ...DEMO_LANDLORDS].map((a) => a.email);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = (email: string) => rows.find((r) => r.email === email)?.id;
  const demoLandlordId = idOf('landlord@stoop.test');
  if (!demoLandlordId) return created;
  const landlordIds = [demoLandlordId, ...DEMO_LANDLORDS.map((l) => idOf(l.email))].filter(
    (id): id is string => Boolean(id),
  );
  const count = options.listings ?? DEFAULT_SEED_LISTINGS;
  const listings = await seedListings(db, {
    count,
    storage: options.storage,
    landlordIds,
    demoLandlordId,
    demoRenterId: idOf('renter@stoop.test'),
    photoCacheDir: options.photoCacheDir,
  });
  if (listings > 0) created.push(`${listings} listings`);
  // Plans that hold each landlord's active listings (the demo landlord: Portfolio).
  await seedPlans(db, landlordIds);
  // The demo landlord's card has paid the plan since it started: invoices, not an empty history.
  created.push(...(await seedDemoInvoices(db, demoLandlordId)));
  // Tour hours and settings, so every demo listing can be booked (existing rows are kept).
  await seedTourSettings(db, { landlordIds, listings: count });
  // Demo tours and waitlist queues, so the landlord's screens are not empty.
  created.push(
    ...(await seedTourBookings(db, {
      demoLandlordId,
      demoRenterId: idOf('renter@stoop.test'),
      password: DEMO_PASSWORD,
    })),
  );
  // Open reports (two listings, one conversation), so /admin has a queue to work.
  created.push(...(await seedModeration(db)));
  // Profiles, documents and applications: the demo renter's open one, the landlord's queue.
  const renters = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['renter@stoop.test', ...DEMO_RENTERS.map((r) => r.email)]));
  created.push(
    ...(await seedDemoApplications(db, {
      storage: options.storage,
      landlordId: demoLandlordId,
      renterIds: Object.fromEntries(renters.map((r) => [r.email, r.id])),
    })),
  );
  // Two viewing notes of the demo renter, on the demo landlord's listings.
  const demoRenterId = idOf('renter@stoop.test');
  if (demoRenterId) {
    created.push(
      ...(await seedDemoNotes(db, { renterId: demoRenterId, landlordId: demoLandlordId })),
    );
    // A saved search with alerts; last, so all the demo data is its baseline, nobody's news.
    created.push(...(await seedDemoSavedSearch(db, demoRenterId)));
  }
  return created;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) === 0;
}
