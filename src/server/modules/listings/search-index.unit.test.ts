import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMENITY_SLUGS, LAUNDRY, PET_KINDS, PETS, SEARCH_SORTS } from '../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import { type IndexQuery, type SearchDoc, SearchIndex, type SortKey } from './search-index.ts';

/**
 * The index against a brute-force filter and sort of the same documents, over random
 * documents, random changes (upserts, removals, enough to compact) and random queries paged to
 * the end. Few distinct prices and times, so the id tiebreaker carries the order.
 */
const WORDS = ['sunny', 'sunroom', 'quiet', 'loft', 'lofty', 'brick', 'terrace', 'park'];
const HOODS = NEIGHBORHOODS.slice(0, 12);
const TIMES = [1_700_000_000_000_000, 1_700_000_000_000_001, 1_700_000_500_000_000];

/*
 * Map positions on a coarse grid of 1/64° (sums and products of such numbers are exact in
 * doubles), 9 × 9 points: many listings share a spot, and many lie exactly on a box's or a
 * polygon's edges or vertices.
 */
const GRID = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const latAt = (k: number) => 40.5 + k / 64;
const lngAt = (k: number) => -74.25 + k / 64;
const pointArbitrary = fc.tuple(fc.constantFrom(...GRID), fc.constantFrom(...GRID));

const hex = (n: number) => n.toString(16).padStart(12, '0');
const idOf = (n: number) => `00000000-0000-4000-8000-${hex(n)}`;

const docArbitrary = (id: fc.Arbitrary<number>) =>
  fc
    .record({
      id: id.map(idOf),
      publishedUs: fc.constantFrom(...TIMES),
      rentCents: fc.constantFrom(199_999, 250_000, 250_050, 400_000),
      bedrooms: fc.integer({ min: 0, max: 4 }),
      bathrooms: fc.constantFrom(1, 1.5, 2, 3.5),
      neighborhood: fc.constantFrom(...HOODS.map((h) => h.slug)),
      borough: fc.constantFrom(...BOROUGHS.map((b) => b.slug)),
      pets: fc.constantFrom(...PETS),
      laundry: fc.constantFrom(...LAUNDRY),
      availableFromDay: fc.option(fc.integer({ min: 20_000, max: 20_010 }), { nil: null }),
      amenities: fc.subarray(AMENITY_SLUGS.slice(0, 6)),
      lexemes: fc.subarray(WORDS),
      position: fc.option(pointArbitrary, { nil: null, freq: 12 }),
    })
    .map(
      ({ position, ...doc }): SearchDoc => ({
        ...doc,
        lat: position ? latAt(position[0]) : null,
        lng: position ? lngAt(position[1]) : null,
      }),
    ) satisfies fc.Arbitrary<SearchDoc>;

/** A box on the grid (edges may coincide: a line of listings) and a ring of 3 to 8 points. */
const boundsArbitrary = fc
  .tuple(pointArbitrary, pointArbitrary)
  .map(([[a, b], [c, d]]): [number, number, number, number] => [
    latAt(Math.min(a, c)),
    lngAt(Math.min(b, d)),
    latAt(Math.max(a, c)),
    lngAt(Math.max(b, d)),
  ]);
/** A concave ring (a U open to the north) beside random ones, often self-crossing. */
const U_SHAPE: [number, number][] = [
  [0, 1],
  [0, 7],
  [7, 7],
  [7, 5],
  [2, 5],
  [2, 3],
  [7, 3],
  [7, 1],
];
const polygonArbitrary = fc
  .oneof(
    fc.array(pointArbitrary, { minLength: 3, maxLength: 8 }),
    fc.constant(U_SHAPE),
    fc.constant(U_SHAPE.map(([y, x]): [number, number] => [x, y])), // the U on its side
  )
  .map((ring) => ring.map(([y, x]): [number, number] => [latAt(y), lngAt(x)]));

/** Queries with up to two filters besides text, so most have several pages to walk. */
const queryArbitrary = fc
  .tuple(
    fc.record({
      terms: fc.array(
        fc.record({ lexeme: fc.constantFrom(...WORDS, 'sun', 'lof', 'zzz'), prefix: fc.boolean() }),
        { maxLength: 2 },
      ),
      sort: fc.constantFrom(...SEARCH_SORTS),
      limit: fc.integer({ min: 1, max: 7 }),
    }),
    fc.record({
      minRentCents: fc.integer({ min: 190_000, max: 410_000 }),
      maxRentCents: fc.integer({ min: 190_000, max: 410_000 }),
      minBedrooms: fc.integer({ min: 0, max: 4 }),
      minBathrooms: fc.constantFrom(1, 1.5, 2),
      amenities: fc.subarray(AMENITY_SLUGS.slice(0, 6), { maxLength: 2 }),
      neighborhoods: fc.subarray(
        HOODS.map((h) => h.slug),
        { minLength: 1, maxLength: 4 },
      ),
      boroughs: fc.subarray(
        BOROUGHS.map((b) => b.slug),
        { minLength: 1 },
      ),
      pets: fc.subarray([...PET_KINDS], { minLength: 1 }),
      laundry: fc.subarray([...LAUNDRY], { minLength: 1 }),
      availableByDay: fc.integer({ min: 19_999, max: 20_011 }),
      bounds: boundsArbitrary,
      polygon: polygonArbitrary,
    }),
    fc.subarray(
      [
        'minRentCents',
        'maxRentCents',
        'minBedrooms',
        'minBathrooms',
        'amenities',
        'neighborhoods',
        'boroughs',
        'pets',
        'laundry',
        'availableByDay',
        'bounds',
        'polygon',
        'polygon',
      ] as const,
      { maxLength: 2 },
    ),
  )
  .map(([base, filters, keys]): IndexQuery => {
    const chosen = Object.fromEntries(keys.map((key) => [key, filters[key]]));
    return { ...base, ...chosen };
  });

type Point = readonly [lat: number, lng: number];

/** On segment a–b: collinear (an exact cross product on the grid) and within its box. */
function onSegment(y: number, x: number, [ay, ax]: Point, [by, bx]: Point) {
  const collinear = (bx - ax) * (y - ay) === (x - ax) * (by - ay);
  const within = (v: number, p: number, q: number) => v >= Math.min(p, q) && v <= Math.max(p, q);
  return collinear && within(y, ay, by) && within(x, ax, bx);
}

/** On the ring's boundary, or inside it by the textbook even-odd ray cast. */
function insideBrute(ring: readonly Point[], y: number, x: number) {
  const edges = ring.map((a, i): [Point, Point] => [a, ring[(i + 1) % ring.length] ?? a]);
  if (edges.some(([a, b]) => onSegment(y, x, a, b))) return true;
  let inside = false;
  for (const [[ay, ax], [by, bx]] of edges) {
    if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside;
}

function inArea(d: SearchDoc, query: Pick<IndexQuery, 'bounds' | 'polygon'>) {
  if (!query.bounds && !query.polygon) return true;
  if (d.lat === null || d.lng === null) return false;
  const [south, west, north, east] = query.bounds ?? [-90, -180, 90, 180];
  const inBox = d.lat >= south && d.lat <= north && d.lng >= west && d.lng <= east;
  return inBox && (!query.polygon || insideBrute(query.polygon, d.lat, d.lng));
}

function bruteForce(docs: Map<string, SearchDoc>, query: IndexQuery): string[] {
  const matches = [...docs.values()].filter(
    (d) =>
      query.terms.every((t) =>
        d.lexemes.some((l) => (t.prefix ? l.startsWith(t.lexeme) : l === t.lexeme)),
      ) &&
      (query.minRentCents === undefined || d.rentCents >= query.minRentCents) &&
      (query.maxRentCents === undefined || d.rentCents <= query.maxRentCents) &&
      (query.minBedrooms === undefined || d.bedrooms >= query.minBedrooms) &&
      (query.minBathrooms === undefined || d.bathrooms >= query.minBathrooms) &&
      (query.amenities ?? []).every((a) => d.amenities.includes(a)) &&
      (!query.neighborhoods || query.neighborhoods.includes(d.neighborhood)) &&
      (!query.boroughs || query.boroughs.includes(d.borough)) &&
      (query.pets ?? []).every((kind) => d.pets === kind || d.pets === 'cats_and_dogs') &&
      (!query.laundry || query.laundry.includes(d.laundry)) &&
      (query.availableByDay === undefined ||
        (d.availableFromDay !== null && d.availableFromDay <= query.availableByDay)) &&
      inArea(d, query),
  );
  const byId = (a: SearchDoc, b: SearchDoc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  matches.sort((a, b) => {
    if (query.sort === 'newest') return b.publishedUs - a.publishedUs || -byId(a, b);
    if (query.sort === 'price_asc') return a.rentCents - b.rentCents || byId(a, b);
    return b.rentCents - a.rentCents || -byId(a, b);
  });
  return matches.map((d) => d.id);
}

/** Every page of a query, following `next`; checks the total on each. */
function pageThrough(index: SearchIndex, query: IndexQuery, total: number): string[] {
  const ids: string[] = [];
  let after: SortKey | undefined;
  for (let page = 0; page < 1000; page++) {
    const result = index.search({ ...query, after });
    expect(result.total).toBe(total);
    expect(result.ids.length).toBeLessThanOrEqual(query.limit);
    ids.push(...result.ids);
    if (!result.next) break;
    expect(result.ids.length).toBe(query.limit);
    after = result.next;
  }
  return ids;
}

type Change = { kind: 'upsert'; doc: SearchDoc } | { kind: 'remove'; id: string };

describe('SearchIndex against brute force', () => {
  it('answers random queries after random loads and changes, paged to the end', () => {
    fc.assert(
      fc.property(
        fc.array(docArbitrary(fc.integer({ min: 0, max: 80 })), { maxLength: 60 }),
        fc.array(
          fc.oneof(
            docArbitrary(fc.integer({ min: 0, max: 100 })).map(
              (doc): Change => ({ kind: 'upsert', doc }),
            ),
            fc.integer({ min: 0, max: 100 }).map((n): Change => ({ kind: 'remove', id: idOf(n) })),
          ),
          { maxLength: 40 },
        ),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 5 }),
        (loaded, changes, queries) => {
          const docs = new Map<string, SearchDoc>();
          const index = new SearchIndex(4);
          for (const doc of loaded) {
            if (docs.has(doc.id)) continue; // a load sees each listing once
            docs.set(doc.id, doc);
            index.add(doc);
          }
          index.seal();
          for (const change of changes) {
            if (change.kind === 'upsert') {
              docs.set(change.doc.id, change.doc);
              index.upsert(change.doc);
            } else {
              docs.delete(change.id);
              index.remove(change.id);
            }
          }
          expect(index.size).toBe(docs.size);
          for (const query of queries) {
            const want = bruteForce(docs, query);
            expect(pageThrough(index, query, want.length)).toEqual(want);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays correct through compaction (most listings removed) and regrowth', () => {
    const make = fc.sample(docArbitrary(fc.constant(0)), { numRuns: 9_000, seed: 7 });
    const docs = new Map<string, SearchDoc>();
    const index = new SearchIndex();
    make.forEach((doc, n) => {
      const withId = { ...doc, id: idOf(n) };
      docs.set(withId.id, withId);
      index.add(withId);
    });
    index.seal();
    for (let n = 0; n < 7_000; n++) {
      docs.delete(idOf(n));
      index.remove(idOf(n));
    }
    for (let n = 9_000; n < 9_500; n++) {
      const doc = { ...(make[n - 9_000] as SearchDoc), id: idOf(n) };
      docs.set(doc.id, doc);
      index.upsert(doc);
    }
    expect(index.size).toBe(2_500);
    const queries = fc.sample(queryArbitrary, { numRuns: 40, seed: 11 });
    for (const query of queries) {
      const want = bruteForce(docs, { ...query, limit: 50 });
      expect(pageThrough(index, { ...query, limit: 50 }, want.length)).toEqual(want);
    }
  });

  it('pages from a cursor whose listing has since gone, without skipping or repeating', () => {
    const index = new SearchIndex();
    const docs = fc.sample(docArbitrary(fc.constant(0)), { numRuns: 30, seed: 3 });
    docs.forEach((doc, n) => {
      index.add({ ...doc, id: idOf(n) });
    });
    index.seal();
    for (const sort of SEARCH_SORTS) {
      const all = pageThrough(index, { terms: [], sort, limit: 30 }, 30);
      const first = index.search({ terms: [], sort, limit: 10 });
      const last = first.ids[9] as string;
      index.remove(last);
      const rest = index.search({ terms: [], sort, limit: 30, after: first.next ?? undefined });
      expect(rest.ids).toEqual(all.slice(10));
      index.upsert({ ...(docs[Number.parseInt(last.slice(-12), 16)] as SearchDoc), id: last });
    }
  });

  it('finds nothing in an upside-down rent range, with a listing between the bounds', () => {
    // fast-check's counterexample (seed 1086773511): the range's count came out as -1.
    const index = new SearchIndex();
    const [doc] = fc.sample(docArbitrary(fc.constant(0)), { numRuns: 1, seed: 5 });
    index.add({ ...(doc as SearchDoc), rentCents: 199_999 });
    index.seal();
    const query = { terms: [], sort: 'newest', limit: 1 } as const;
    const upsideDown = index.search({ ...query, minRentCents: 200_000, maxRentCents: 190_000 });
    expect(upsideDown).toMatchObject({ total: 0, ids: [] });
    expect(index.search(query).total).toBe(1);
  });

  it('refuses to bulk-add once sealed', () => {
    const index = new SearchIndex().seal();
    const [doc] = fc.sample(docArbitrary(fc.constant(1)), { numRuns: 1, seed: 1 });
    expect(() => index.add(doc as SearchDoc)).toThrow(/after seal/);
  });
});

describe('SearchIndex map pins and similar listings against brute force', () => {
  const build = (docs: SearchDoc[]) => {
    const byId = new Map(docs.map((d) => [d.id, d]));
    const index = new SearchIndex(4);
    for (const doc of byId.values()) index.add(doc);
    return { index: index.seal(), docs: byId };
  };

  it('pins every match newest first up to the maximum, else clusters them all', () => {
    fc.assert(
      fc.property(
        fc.array(docArbitrary(fc.integer({ min: 0, max: 60 })), { maxLength: 50 }),
        queryArbitrary,
        fc.integer({ min: 0, max: 30 }),
        (loaded, query, max) => {
          const { index, docs } = build(loaded);
          const { sort: _sort, limit: _limit, after: _after, ...filter } = query;
          const want = bruteForce(docs, { ...query, sort: 'newest' });
          const placed = want.filter((id) => docs.get(id)?.lat !== null);
          const got = index.pins(filter, max);
          expect(got.total).toBe(want.length);
          if (want.length <= max) {
            expect(got.clusters).toEqual([]);
            expect(got.pins.map((p) => p.id)).toEqual(placed);
            for (const pin of got.pins) {
              const doc = docs.get(pin.id) as SearchDoc;
              expect(pin).toEqual({
                id: doc.id,
                lat: doc.lat,
                lng: doc.lng,
                rentCents: doc.rentCents,
                bedrooms: doc.bedrooms,
                neighborhood: doc.neighborhood,
              });
            }
          } else {
            expect(got.pins).toEqual([]);
            expect(got.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(placed.length);
            // Each cluster sits within its members' extent (a mean of them).
            const lats = placed.map((id) => docs.get(id)?.lat as number);
            for (const c of got.clusters) {
              expect(c.lat).toBeGreaterThanOrEqual(Math.min(...lats) - 1e-6);
              expect(c.lat).toBeLessThanOrEqual(Math.max(...lats) + 1e-6);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds similar listings: areas, exact bedrooms, rent range; closest rent, then newest', () => {
    fc.assert(
      fc.property(
        fc.array(docArbitrary(fc.integer({ min: 0, max: 60 })), { maxLength: 60 }),
        fc.record({
          neighborhoods: fc.subarray(
            HOODS.map((h) => h.slug),
            { minLength: 1, maxLength: 3 },
          ),
          bedrooms: fc.integer({ min: 0, max: 4 }),
          rentCents: fc.constantFrom(199_999, 250_000, 300_000, 400_000),
          spread: fc.constantFrom(0, 50_000, 100_000),
          exclude: fc.integer({ min: 0, max: 60 }).map(idOf),
          limit: fc.integer({ min: 1, max: 8 }),
        }),
        (loaded, { spread, exclude, ...like }) => {
          const { index, docs } = build(loaded);
          const query = {
            ...like,
            minRentCents: like.rentCents - spread,
            maxRentCents: like.rentCents + spread,
            excludeId: exclude,
          };
          const gap = (d: SearchDoc) => Math.abs(d.rentCents - like.rentCents);
          const want = [...docs.values()]
            .filter(
              (d) =>
                d.id !== exclude &&
                like.neighborhoods.includes(d.neighborhood) &&
                d.bedrooms === like.bedrooms &&
                d.rentCents >= query.minRentCents &&
                d.rentCents <= query.maxRentCents,
            )
            .sort(
              (a, b) => gap(a) - gap(b) || b.publishedUs - a.publishedUs || (a.id < b.id ? 1 : -1),
            )
            .slice(0, like.limit)
            .map((d) => d.id);
          expect(index.similar(query)).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });
});
