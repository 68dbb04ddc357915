/**
 * The search benchmark's request mix (bench/search.ts): text, filters, map areas (issue 16),
 * sorts, and a share of `/pins` for map searches. Deterministic: the same URLs every run.
 */
import { prng } from '../../src/server/seed/seed-listings.ts';
import { AMENITY_SLUGS } from '../../src/shared/listings.ts';
import { NEIGHBORHOODS } from '../../src/shared/neighborhoods.ts';
import type { PlannedRequest } from './load.ts';
import { BOROUGH_BOX, L_SHAPE, neighborhoodBox, starAround } from './map-areas.ts';

const rand = prng(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const TERMS = [
  'williamsburg',
  'park slope',
  'astoria',
  'renovated',
  'terrace',
  'dishwasher',
  'sunny studio',
  'prewar',
  'in-unit laundry',
  'loft',
  'bedford ave',
  'willamsburg', // typos go through trigram matching
  'bushwik',
  'greenpont',
  'harlem 2br',
  'quiet',
];

function randomFilters(count: number): Record<string, string> {
  const params: Record<string, string> = {};
  const options: (() => void)[] = [
    () => {
      const min = 1500 + Math.floor(rand() * 20) * 100;
      params.minPrice = String(min);
      if (rand() < 0.7) params.maxPrice = String(min + 500 + Math.floor(rand() * 30) * 100);
    },
    () => {
      params.bedrooms = String(Math.floor(rand() * 4));
    },
    () => {
      params.bathrooms = pick(['1', '1.5', '2']);
    },
    () => {
      params.amenities = [pick(AMENITY_SLUGS), ...(rand() < 0.3 ? [pick(AMENITY_SLUGS)] : [])].join(
        ',',
      );
    },
    () => {
      params.neighborhoods = Array.from(
        { length: 1 + Math.floor(rand() * 3) },
        () => pick(NEIGHBORHOODS).slug,
      ).join(',');
    },
    () => {
      params.boroughs = pick([
        'manhattan',
        'brooklyn',
        'queens',
        'bronx',
        'staten-island',
        'brooklyn,queens',
      ]);
    },
    () => {
      params.pets = pick(['cats', 'dogs', 'cats,dogs']);
    },
    () => {
      params.laundry = pick(['in_unit', 'in_unit,in_building']);
    },
  ];
  for (let i = 0; i < count; i += 1) pick(options)();
  return params;
}

/** A map area (issue 16) as its query parameter, and its name for the shape. */
function mapArea(): { name: string; params: Record<string, string> } {
  const hood = pick(NEIGHBORHOODS);
  const area = pick(['borough box', 'neighborhood box', 'L polygon', 'star polygon'] as const);
  if (area === 'borough box') return { name: area, params: { bounds: BOROUGH_BOX.join(',') } };
  if (area === 'neighborhood box') {
    return { name: area, params: { bounds: neighborhoodBox(hood).join(',') } };
  }
  const ring = area === 'L polygon' ? L_SHAPE : starAround(hood);
  return {
    name: area,
    params: {
      polygon: ring
        .flat()
        .map((v) => v.toFixed(5))
        .join(','),
    },
  };
}

/** `n` searches; of the map searches, `pinsShare` ask `/api/listings/pins` instead. */
export function planSearches(n: number, pinsShare: number): PlannedRequest[] {
  const planned: PlannedRequest[] = [];
  for (let i = 0; i < n; i += 1) {
    const roll = rand();
    const sort = pick(['newest', 'newest', 'price_asc', 'price_desc']);
    let params: Record<string, string>;
    let area = '';
    if (roll < 0.22) params = { q: pick(TERMS) };
    else if (roll < 0.4) params = { q: pick(TERMS), ...randomFilters(1 + Math.floor(rand() * 2)) };
    else if (roll < 0.75) params = randomFilters(1 + Math.floor(rand() * 4));
    else if (roll < 0.95) {
      const map = mapArea();
      area = ` (${map.name})`;
      params = { ...map.params, ...(rand() < 0.5 ? randomFilters(1) : {}) };
    } else params = {};
    params.sort = sort;
    const keys = Object.keys(params)
      .filter((k) => k !== 'sort')
      .sort();
    const shape = `${keys.length ? keys.join('+') : 'browse'}${area} sort=${sort}`;
    // A quarter of map searches ask for pins instead, as the map page does (--pins-share).
    const pins = area && rand() < pinsShare;
    planned.push({
      shape: pins ? `pins ${shape}` : shape,
      path: `/api/listings${pins ? '/pins' : ''}?${new URLSearchParams(params)}`,
    });
  }
  return planned;
}
