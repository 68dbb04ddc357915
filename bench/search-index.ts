/**
 * The in-memory search index alone (src/server/modules/listings/search-index.ts), no server and
 * no database: N synthetic listings (default 100,000; `--listings 1000000` for scale), then each
 * query shape timed over many runs (ms per search, median of 5 rounds), plus build time, the
 * cost of one upsert and the memory held. Text follows a skewed vocabulary like real listings:
 * a few words in most listings, most words in few.
 *
 *   node --expose-gc --import tsx bench/search-index.ts [--listings 100000] [--runs 50]
 */
import { parseArgs } from 'node:util';
import {
  type IndexQuery,
  type SearchDoc,
  SearchIndex,
} from '../src/server/modules/listings/search-index.ts';
import { prng } from '../src/server/seed/seed-listings.ts';
import { AMENITY_SLUGS, LAUNDRY, PETS } from '../src/shared/listings.ts';
import { NEIGHBORHOODS, type Neighborhood } from '../src/shared/neighborhoods.ts';
import { BOROUGH_BOX, L_SHAPE, neighborhoodBox, starAround } from './lib/map-areas.ts';
import { round, summary } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '50' },
  },
});
const LISTINGS = Number(values.listings);
const RUNS = Number(values.runs);

const rand = prng(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const VOCABULARY = Array.from({ length: 5_000 }, (_, i) => `w${i.toString(36)}`);
const idOf = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;

function randomDoc(n: number): SearchDoc {
  const hood = pick(NEIGHBORHOODS);
  return {
    id: idOf(n),
    publishedUs: 1_790_000_000_000_000 + Math.floor(rand() * 1e13),
    rentCents: 150_000 + Math.floor(rand() * 600) * 1_000,
    bedrooms: Math.floor(rand() * 4),
    bathrooms: pick([1, 1.5, 2, 2.5]),
    neighborhood: hood.slug,
    borough: hood.borough,
    pets: pick(PETS),
    laundry: pick(LAUNDRY),
    availableFromDay: 20_400 + Math.floor(rand() * 90),
    amenities: AMENITY_SLUGS.filter(() => rand() < 0.3),
    lexemes: Array.from(
      { length: 35 },
      () => VOCABULARY[Math.floor(rand() ** 3 * VOCABULARY.length)] as string,
    ),
    // Within about 1.5 km of the neighborhood's centre, as the demo listings are.
    lat: hood.lat + (rand() - 0.5) * 0.03,
    lng: hood.lng + (rand() - 0.5) * 0.04,
  };
}

const gc = (globalThis as { gc?: () => void }).gc;
const heldMb = () => {
  gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
};

const memoryBefore = heldMb();
const buildStarted = performance.now();
const index = new SearchIndex();
for (let n = 0; n < LISTINGS; n++) index.add(randomDoc(n));
index.seal();
const buildMs = round(performance.now() - buildStarted, 0);
const indexMb = gc ? round(heldMb() - memoryBefore, 1) : undefined;

const hoods = NEIGHBORHOODS.map((h) => h.slug);
const SHAPES: [string, IndexQuery][] = [
  ['browse, newest', { terms: [], sort: 'newest', limit: 20 }],
  ['common word', { terms: [{ lexeme: 'w1', prefix: false }], sort: 'price_asc', limit: 20 }],
  ['word prefix', { terms: [{ lexeme: 'w1', prefix: true }], sort: 'price_desc', limit: 20 }],
  [
    'two words + 2 filters',
    {
      terms: [
        { lexeme: 'w2', prefix: false },
        { lexeme: 'w5', prefix: true },
      ],
      minBedrooms: 1,
      minBathrooms: 1.5,
      sort: 'newest',
      limit: 20,
    },
  ],
  [
    'boroughs + amenity',
    {
      terms: [],
      boroughs: ['brooklyn', 'queens'],
      amenities: [AMENITY_SLUGS[3] as string],
      sort: 'price_asc',
      limit: 20,
    },
  ],
  [
    '2 neighborhoods + 2 amenities',
    {
      terms: [],
      neighborhoods: [hoods[3] as string, hoods[9] as string],
      amenities: [AMENITY_SLUGS[1] as string, AMENITY_SLUGS[5] as string],
      sort: 'price_desc',
      limit: 20,
    },
  ],
  [
    'every filter',
    {
      terms: [],
      minRentCents: 200_000,
      maxRentCents: 400_000,
      minBedrooms: 1,
      minBathrooms: 1,
      amenities: [AMENITY_SLUGS[0] as string],
      boroughs: ['manhattan', 'brooklyn'],
      pets: ['cats'],
      laundry: ['in_unit', 'in_building'],
      availableByDay: 20_450,
      sort: 'newest',
      limit: 20,
    },
  ],
  ['bounds: a borough', { terms: [], bounds: BOROUGH_BOX, sort: 'newest', limit: 20 }],
  [
    'bounds: a neighborhood + bedrooms',
    {
      terms: [],
      bounds: neighborhoodBox(NEIGHBORHOODS[9] as Neighborhood),
      minBedrooms: 1,
      sort: 'price_asc',
      limit: 20,
    },
  ],
  ['polygon: concave L', { terms: [], polygon: L_SHAPE, sort: 'newest', limit: 20 }],
  [
    'polygon: 12-point star + word',
    {
      terms: [{ lexeme: 'w1', prefix: false }],
      polygon: starAround(NEIGHBORHOODS[20] as Neighborhood),
      sort: 'price_desc',
      limit: 20,
    },
  ],
];

const shapes = SHAPES.map(([shape, query]) => {
  const first = index.search(query);
  const next = first.next ? { ...query, after: first.next } : query;
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) index.search(i % 2 ? next : query);
    rounds.push((performance.now() - started) / RUNS);
  }
  return { shape, total: first.total, ms: round(summary(rounds).p50, 3) };
});
for (const s of shapes) console.log(`${s.ms.toFixed(3)} ms  total ${s.total}  ${s.shape}`);

/** The map's pins (every match up to 1,000, else clusters) and similar listings. */
const timed = (run: () => unknown) => {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) run();
    rounds.push((performance.now() - started) / RUNS);
  }
  return round(summary(rounds).p50, 3);
};
const hood = NEIGHBORHOODS[9] as Neighborhood;
const extraMs = {
  'pins: whole city (clusters)': timed(() => index.pins({ terms: [] }, 1_000)),
  'pins: a neighborhood box': timed(() =>
    index.pins({ terms: [], bounds: neighborhoodBox(hood) }, 1_000),
  ),
  similar: timed(() =>
    index.similar({
      neighborhoods: [hood.slug],
      bedrooms: 1,
      minRentCents: 250_000,
      maxRentCents: 350_000,
      rentCents: 300_000,
      excludeId: idOf(0),
      limit: 6,
    }),
  ),
};
for (const [shape, ms] of Object.entries(extraMs)) console.log(`${ms.toFixed(3)} ms  ${shape}`);

const upsertStarted = performance.now();
for (let n = 0; n < 1_000; n++) index.upsert(randomDoc(n));
const upsertMs = round((performance.now() - upsertStarted) / 1_000, 3);
console.log(`build ${buildMs} ms, upsert ${upsertMs} ms, memory ${indexMb ?? '?'} MB`);
console.log(
  JSON.stringify({
    bench: 'search-index',
    listings: LISTINGS,
    buildMs,
    upsertMs,
    indexMb,
    searchMs: Object.fromEntries(shapes.map((s) => [s.shape, s.ms])),
    mapMs: extraMs,
  }),
);
