import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Amenity, Laundry, Pets } from '../../shared/listings.ts';
import { type Borough, NEIGHBORHOODS, type Neighborhood } from '../../shared/neighborhoods.ts';
import type { Fee } from '../../shared/schemas/listings.ts';
import type { Db } from '../db/client.ts';
import { listingPhotos, listingStats, listings } from '../db/schema/listings.ts';
import { processPhoto, storePhoto } from '../lib/images.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { seedListingId, stableUuid } from './seed-ids.ts';
import { drawScene, type SceneKind } from './seed-images.ts';
import { cachePhoto, readCachedPhoto } from './seed-photo-cache.ts';
import { STREETS_BY_NEIGHBORHOOD } from './seed-streets.ts';

/**
 * Deterministic demo listings: listing number i is always the same listing (same id, text,
 * rent, photos), whatever the total asked for, so seeding is idempotent and a larger run only
 * adds the missing ones.
 */

export const DEFAULT_SEED_LISTINGS = 2000;
const BATCH = 1000;
/** Listings (by seed index) that get a week of daily views. */
const DAILY_VIEWS_SEED_LIMIT = 5000;
/** Fixed clock: demo data must not depend on the day it was loaded. */
const SEED_EPOCH = Date.parse('2026-11-01T15:00:00Z');

type Rand = () => number;

/** mulberry32: a small, fast, well-distributed PRNG. */
export function prng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

export { seedListingId, stableUuid } from './seed-ids.ts';

const pick = <T>(rand: Rand, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)] as T;
const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
function weighted<T>(rand: Rand, options: readonly [T, number][]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let roll = rand() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as [T, number])[0];
}

/** Monthly rent of a one-bedroom, in dollars (low, high), by borough. */
const ONE_BED_RENT: Record<Borough, [number, number]> = {
  manhattan: [3400, 5500],
  brooklyn: [2700, 4300],
  queens: [2200, 3400],
  bronx: [1900, 2900],
  'staten-island': [1700, 2500],
};
const BEDROOM_FACTOR = [0.8, 1, 1.38, 1.8, 2.25];
const PREMIUM = new Set([
  'tribeca',
  'soho',
  'west-village',
  'greenwich-village',
  'battery-park-city',
  'dumbo',
  'brooklyn-heights',
  'williamsburg',
  'cobble-hill',
  'long-island-city',
  'riverdale',
]);
const BOROUGH_WEIGHT: [Borough, number][] = [
  ['manhattan', 30],
  ['brooklyn', 32],
  ['queens', 20],
  ['bronx', 12],
  ['staten-island', 6],
];
const ADJECTIVES = [
  'Sunny',
  'Renovated',
  'Spacious',
  'Bright',
  'Quiet',
  'Charming',
  'Modern',
  'Classic',
  'Airy',
  'Cozy',
  'Sun-drenched',
  'Prewar',
  'Light-filled',
  'Updated',
];
const KINDS = ['apartment', 'walk-up', 'flat', 'home', 'unit', 'floor-through', 'loft'];
const TRANSIT: Record<Borough, string[]> = {
  manhattan: ['the 1/2/3', 'the A/C/E', 'the 4/5/6', 'the L', 'the N/Q/R/W', 'the F/M', 'the B/D'],
  brooklyn: ['the G', 'the L', 'the 2/3', 'the F/G', 'the Q/B', 'the A/C', 'the J/M/Z', 'the R'],
  queens: ['the 7', 'the N/W', 'the E/F/M/R', 'the M/R', 'the A', 'the LIRR'],
  bronx: ['the 4', 'the B/D', 'the 2/5', 'the 6', 'the 1', 'Metro-North'],
  'staten-island': ['the Staten Island Railway', 'the ferry', 'express buses'],
};
const AMENITY_ODDS: [Amenity, number][] = [
  ['elevator', 0.45],
  ['dishwasher', 0.55],
  ['doorman', 0.2],
  ['gym', 0.2],
  ['roof-deck', 0.2],
  ['private-outdoor-space', 0.15],
  ['central-air', 0.3],
  ['parking', 0.1],
  ['bike-room', 0.25],
  ['storage', 0.2],
  ['package-room', 0.3],
  ['live-in-super', 0.35],
  ['pool', 0.03],
  ['fireplace', 0.06],
  ['wheelchair-access', 0.2],
  ['hardwood-floors', 0.6],
  ['washer-dryer-hookup', 0.08],
  ['furnished', 0.04],
  ['courtyard', 0.1],
  ['concierge', 0.06],
  ['virtual-doorman', 0.1],
  ['smoke-free', 0.25],
];

const POOL: [SceneKind, number][] = [
  ['facade', 20],
  ['living', 14],
  ['kitchen', 10],
  ['bedroom', 10],
  ['bath', 6],
];

type PoolPhoto = {
  kind: SceneKind;
  storageKey: string;
  widths: number[];
  width: number;
  height: number;
  placeholder: string;
};

/**
 * Renders the shared pool of demo photos through the upload pipeline (processPhoto), two at a
 * time. Listings share these files instead of each getting their own.
 */
export async function renderPool(
  storage: MediaStorage,
  photoCacheDir?: string,
): Promise<PoolPhoto[]> {
  const jobs = POOL.flatMap(([kind, n]) => Array.from({ length: n }, (_, i) => ({ kind, i })));
  const out: PoolPhoto[] = [];
  for (let start = 0; start < jobs.length; start += 2) {
    const done = await Promise.all(
      jobs.slice(start, start + 2).map(async ({ kind, i }) => {
        const svg = drawScene(kind, prng(seedOf(`${kind}-${i}`)));
        const photo =
          (photoCacheDir && (await readCachedPhoto(photoCacheDir, svg))) ||
          (await drawPhoto(svg, photoCacheDir));
        const storageKey = `seed/${kind}-${i}`;
        await storePhoto(storage, storageKey, photo);
        return {
          kind,
          storageKey,
          widths: photo.variants.map((v) => v.width),
          width: photo.width,
          height: photo.height,
          placeholder: photo.placeholder,
        };
      }),
    );
    out.push(...done);
  }
  return out;
}

async function drawPhoto(svg: string, photoCacheDir: string | undefined) {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  const photo = await processPhoto(png);
  if (photoCacheDir) await cachePhoto(photoCacheDir, svg, photo);
  return photo;
}

function fees(rand: Rand, rentCents: number, pets: Pets, amenities: Amenity[]): Fee[] {
  const list: Fee[] = [];
  if (rand() < 0.75) {
    list.push({ type: 'application', amountCents: 2000, frequency: 'one_time', required: true });
  }
  if (rand() < 0.9) {
    list.push({
      type: 'security_deposit',
      amountCents: rentCents,
      frequency: 'one_time',
      required: true,
    });
  }
  if ((amenities.includes('gym') || amenities.includes('doorman')) && rand() < 0.4) {
    list.push({
      type: 'amenity',
      amountCents: int(rand, 5, 15) * 1000,
      frequency: 'monthly',
      required: true,
    });
  }
  if (pets !== 'none' && rand() < 0.5) {
    list.push({
      type: 'pet',
      amountCents: int(rand, 5, 15) * 500,
      frequency: 'monthly',
      required: false,
      description: 'Only if you have a pet',
    });
  }
  if (amenities.includes('parking')) {
    list.push({
      type: 'parking',
      amountCents: int(rand, 8, 18) * 2500,
      frequency: 'monthly',
      required: false,
    });
  }
  if (amenities.includes('storage') && rand() < 0.5) {
    list.push({
      type: 'storage',
      amountCents: int(rand, 2, 5) * 2500,
      frequency: 'monthly',
      required: false,
    });
  }
  if (rand() < 0.1) {
    list.push({
      type: 'move_in',
      amountCents: int(rand, 5, 10) * 5000,
      frequency: 'one_time',
      required: true,
      description: 'Elevator reservation and building move-in',
    });
  }
  return list;
}

type NewListing = typeof listings.$inferInsert;

/** What a demo extra's title promises: its size and place. */
type Promised = { bedrooms: number; neighborhood?: string };

/**
 * Amenities that agree with the rest of the listing: a washer/dryer hookup only where the
 * building has a laundry room (none at all says "No laundry"; in-unit already has machines), no
 * elevator or step-free access in a walk-up, and one kind of doorman.
 */
export function consistentAmenities(amenities: Amenity[], laundry: Laundry, kind: string) {
  return amenities.filter(
    (a) =>
      !(a === 'washer-dryer-hookup' && laundry !== 'in_building') &&
      !((a === 'elevator' || a === 'wheelchair-access') && kind === 'walk-up') &&
      !(a === 'virtual-doorman' && amenities.includes('doorman')),
  );
}

/**
 * Listing number i, for the given landlords; pure and deterministic. `promised` forces the size
 * and neighborhood a hand-written title names (the random draws stay the same).
 */
export function buildSeedListing(
  i: number,
  landlordIds: string[],
  promised?: Promised,
): NewListing & { id: string } {
  const rand = prng(seedOf(`listing-${i}`));
  const borough = weighted(rand, BOROUGH_WEIGHT);
  const inBorough = NEIGHBORHOODS.filter((h) => h.borough === borough);
  // The first listings walk the whole list, so every neighborhood has some.
  const drawnHood: Neighborhood =
    i < NEIGHBORHOODS.length ? (NEIGHBORHOODS[i] as Neighborhood) : pick(rand, inBorough);
  const hood = NEIGHBORHOODS.find((h) => h.slug === promised?.neighborhood) ?? drawnHood;
  const area = hood.borough;
  const drawnBedrooms = weighted(rand, [
    [0, 15],
    [1, 35],
    [2, 28],
    [3, 15],
    [4, 7],
  ]);
  const bedrooms = promised?.bedrooms ?? drawnBedrooms;
  const bathrooms =
    bedrooms <= 1 ? 1 : bedrooms === 2 ? pick(rand, [1, 1.5, 2]) : pick(rand, [1.5, 2, 2.5, 3]);
  const [lo, hi] = ONE_BED_RENT[area];
  const premium = PREMIUM.has(hood.slug) ? 1.15 : 1;
  const dollars = (lo + rand() * (hi - lo)) * (BEDROOM_FACTOR[bedrooms] ?? 1) * premium;
  const rentCents = Math.round(dollars / 25) * 25 * 100;
  const sqftRange: [number, number][] = [
    [350, 550],
    [550, 800],
    [750, 1100],
    [1000, 1400],
    [1300, 1900],
  ];
  const [sLo, sHi] = sqftRange[bedrooms] ?? [500, 900];
  const sqft = rand() < 0.85 ? Math.round(int(rand, sLo, sHi) / 10) * 10 : null;
  const leaseTermMonths = weighted(rand, [
    [12, 80],
    [18, 8],
    [24, 12],
  ]);
  const concession = rand();
  const freeMonths = concession < 0.12 ? 1 : concession < 0.15 && leaseTermMonths > 12 ? 2 : 0;
  const pets = weighted<Pets>(rand, [
    ['cats_and_dogs', 35],
    ['cats', 25],
    ['dogs', 5],
    ['none', 35],
  ]);
  const laundry = weighted<Laundry>(rand, [
    ['in_unit', 25],
    ['in_building', 45],
    ['none', 30],
  ]);
  const drawnAmenities = AMENITY_ODDS.filter(
    ([, odds]) => rand() < (area === 'manhattan' ? odds * 1.3 : odds),
  ).map(([slug]) => slug);
  const street = pick(rand, STREETS_BY_NEIGHBORHOOD[hood.slug] ?? ['Broadway']);
  const number = int(rand, 10, 980);
  const unit =
    rand() < 0.1 ? null : `${int(rand, 1, 12)}${pick(rand, ['A', 'B', 'C', 'D', 'F', 'R'])}`;
  const adjective = pick(rand, ADJECTIVES);
  const kind = pick(rand, KINDS);
  const amenities = consistentAmenities(drawnAmenities, laundry, kind);
  const size = bedrooms === 0 ? 'studio' : `${bedrooms}BR ${kind}`;
  const highlight = amenities.includes('private-outdoor-space')
    ? ' with private terrace'
    : amenities.includes('dishwasher') && rand() < 0.5
      ? ' with dishwasher'
      : laundry === 'in_unit'
        ? ' with in-unit laundry'
        : '';
  const title = `${adjective} ${size}${highlight} in ${hood.name}`;
  const transit = pick(rand, TRANSIT[area]);
  const description = [
    `${adjective} ${bedrooms === 0 ? 'studio' : `${bedrooms}-bedroom ${kind}`} on ${street} in ${hood.name}, ${int(rand, 2, 9)} minutes from ${transit}.`,
    pick(rand, [
      'Oversized windows bring in light all day, and the layout leaves room for a desk.',
      'The kitchen was redone last year with stone counters and full-size appliances.',
      'Original details, high ceilings and a quiet exposure away from the street.',
      'Closets in every room and a separate entry hall keep the space organised.',
    ]),
    amenities.length
      ? `The building has ${amenities
          .slice(0, 3)
          .map((a) => a.replace(/-/g, ' '))
          .join(', ')}.`
      : 'A small, well-kept building with a responsive landlord.',
    laundry === 'in_unit'
      ? 'Washer and dryer in the apartment.'
      : laundry === 'in_building'
        ? 'Laundry room in the building.'
        : 'Laundromats nearby.',
    freeMonths
      ? `${freeMonths} month${freeMonths > 1 ? 's' : ''} free on a ${leaseTermMonths}-month lease.`
      : '',
    'No broker fee: you deal with the landlord directly.',
  ]
    .filter(Boolean)
    .join(' ');
  const publishedAt = new Date(SEED_EPOCH - i * 7 * 60_000 - int(rand, 0, 300) * 1000);
  const available = new Date(SEED_EPOCH + int(rand, 0, 100) * 86_400_000);
  const landlordId = landlordIds[i % landlordIds.length] as string;
  return {
    id: seedListingId(i),
    landlordId,
    status: 'active',
    title,
    description,
    address: `${number} ${street}`,
    unit,
    neighborhood: hood.slug,
    borough: area,
    lat: Math.round((hood.lat + (rand() - 0.5) * 0.012) * 1e6) / 1e6,
    lng: Math.round((hood.lng + (rand() - 0.5) * 0.012) * 1e6) / 1e6,
    rentCents,
    freeMonths,
    bedrooms,
    bathrooms,
    sqft,
    availableFrom: available.toISOString().slice(0, 10),
    leaseTermMonths,
    pets,
    laundry,
    amenities,
    fees: fees(rand, rentCents, pets, amenities),
    featured: rand() < 0.04,
    publishedAt,
    createdAt: publishedAt,
    updatedAt: publishedAt,
  };
}

function photosFor(i: number, listingId: string, pool: PoolPhoto[]) {
  const rand = prng(seedOf(`photos-${i}`));
  const ofKind = (kind: SceneKind) => pool.filter((p) => p.kind === kind);
  const chosen = [
    pick(rand, ofKind('facade')),
    pick(rand, ofKind('living')),
    pick(rand, ofKind('bedroom')),
    pick(rand, ofKind('kitchen')),
    ...(rand() < 0.5 ? [pick(rand, ofKind('bath'))] : []),
  ];
  return chosen.map((p, position) => ({
    id: stableUuid(`photo-${i}-${position}`),
    listingId,
    position,
    storageKey: p.storageKey,
    widths: p.widths,
    width: p.width,
    height: p.height,
    placeholder: p.placeholder,
  }));
}

/** The demo landlord's dashboard shows every status, not only live listings. */
function demoExtras(demoLandlordId: string): (NewListing & { id: string })[] {
  // Each is built to what its title says (size, neighborhood), so the facts agree with it.
  const like = (promised: Promised) => buildSeedListing(0, [demoLandlordId], promised);
  return [
    {
      ...like({ bedrooms: 1, neighborhood: 'carroll-gardens' }),
      id: stableUuid('demo-draft'),
      status: 'draft',
      title: 'Draft: garden 1BR in Carroll Gardens',
      publishedAt: null,
      featured: false,
    },
    {
      ...like({ bedrooms: 0 }),
      id: stableUuid('demo-draft-2'),
      status: 'draft',
      title: 'Draft: top-floor studio',
      description: '',
      address: null,
      neighborhood: null,
      borough: null,
      lat: null,
      lng: null,
      rentCents: null,
      publishedAt: null,
      featured: false,
    },
    {
      ...like({ bedrooms: 2, neighborhood: 'park-slope' }),
      id: stableUuid('demo-rented'),
      status: 'rented',
      title: 'Rented: 2BR near Prospect Park',
      featured: false,
    },
    {
      ...like({ bedrooms: 1, neighborhood: 'astoria' }),
      id: stableUuid('demo-archived'),
      status: 'archived',
      title: 'Archived: Astoria 1BR',
      featured: false,
    },
  ];
}

export type SeedListingsInput = {
  count: number;
  storage: MediaStorage;
  landlordIds: string[];
  demoLandlordId: string;
  demoRenterId?: string;
  /** SEED_PHOTO_CACHE_DIR: drawn photos kept for the next seed (seed-photo-cache.ts). */
  photoCacheDir?: string;
};

/** Inserts the listings that are missing; returns how many were created. */
export async function seedListings(db: Db, input: SeedListingsInput): Promise<number> {
  const ids = Array.from({ length: input.count }, (_, i) => seedListingId(i));
  const extras = demoExtras(input.demoLandlordId);
  const present = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from listings
      where id = any(${sql.param([...ids, ...extras.map((e) => e.id)])}::uuid[])`,
  );
  if ((present.rows[0]?.n ?? 0) === ids.length + extras.length) return 0;

  const pool = await renderPool(input.storage, input.photoCacheDir);
  let created = 0;
  const insertBatch = async (rows: (NewListing & { id: string })[], indices: number[]) => {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(listings)
        .values(rows)
        .onConflictDoNothing({ target: listings.id })
        .returning({ id: listings.id });
      if (inserted.length === 0) return;
      const fresh = new Set(inserted.map((r) => r.id));
      const photos = rows.flatMap((row, k) =>
        fresh.has(row.id) ? photosFor(indices[k] ?? 0, row.id, pool) : [],
      );
      for (let start = 0; start < photos.length; start += 4000) {
        await tx.insert(listingPhotos).values(photos.slice(start, start + 4000));
      }
      const stats = rows
        .filter((row) => fresh.has(row.id) && row.status === 'active')
        .map((row) => ({ listingId: row.id, viewCount: seedOf(`views-${row.id}`) % 400 }));
      if (stats.length) await tx.insert(listingStats).values(stats).onConflictDoNothing();
      // A week of daily views up to the seeding day, part of each all-time count, for the
      // dashboards' "last 7 days" (the demo's first listings only: a 100k bench seed stays quick).
      const weekly = stats.filter(
        (_, k) => (indices[k] ?? DAILY_VIEWS_SEED_LIMIT) < DAILY_VIEWS_SEED_LIMIT,
      );
      if (weekly.length) {
        await tx.execute(sql`
          insert into listing_daily_views (listing_id, day, views)
          select s.listing_id, (now() at time zone 'America/New_York')::date - d.n,
            least(s.view_count / 10, (abs(hashtext(s.listing_id::text || d.n::text)) % 9))
          from listing_stats s cross join generate_series(0, 6) as d(n)
          where s.listing_id = any(${sql.param(weekly.map((w) => w.listingId))}::uuid[])
          on conflict do nothing`);
      }
      created += inserted.length;
    });
  };

  for (let start = 0; start < input.count; start += BATCH) {
    const indices = Array.from(
      { length: Math.min(BATCH, input.count - start) },
      (_, k) => start + k,
    );
    await insertBatch(
      indices.map((i) => buildSeedListing(i, input.landlordIds)),
      indices,
    );
  }
  await insertBatch(
    extras,
    extras.map((_, k) => 1_000_000 + k),
  );

  if (input.demoRenterId) {
    const saved = [3, 17, 42, 99, 250].filter((i) => i < input.count).map((i) => seedListingId(i));
    const ids = [...saved, stableUuid('demo-rented')];
    // The rent when saved; one of them has dropped $150 since, as the dashboard shows. Both that
    // drop and the rented one are old news (issue 16): written as already announced, in the
    // same statement, so an alerts scan running meanwhile never sees them otherwise.
    const dropped = seedListingId(17);
    await db.execute(sql`
      insert into saved_listings (user_id, listing_id, saved_rent_cents, alert_rent_cents,
        rented_announced_at)
      select ${input.demoRenterId}, l.id,
        l.rent_cents + (case when l.id = ${dropped} then 15000 else 0 end), l.rent_cents,
        case when l.status = 'rented' then now() end
      from listings l where l.id = any(${sql.param(ids)}::uuid[])
      on conflict do nothing`);
  }
  return created;
}
