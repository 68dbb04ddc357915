import type { Candidates, IndexCluster } from './search-index-types.ts';

/*
 * The search index's map filters and clusters (search-index.ts, docs/decisions/035): passes
 * over the public map position columns, in the style of search-index-filters.ts.
 */

type Bounds = readonly [south: number, west: number, north: number, east: number];
type Ring = readonly (readonly [lat: number, lng: number])[];

/** Keeps the candidates inside the box (edges count as inside; NaN, no position, never). */
export function keepInBounds(
  c: Candidates,
  lat: Float64Array,
  lng: Float64Array,
  [south, west, north, east]: Bounds,
) {
  const { slots } = c;
  let kept = 0;
  for (let i = 0; i < c.length; i++) {
    const s = slots[i] as number;
    const y = lat[s] as number;
    const x = lng[s] as number;
    slots[kept] = s;
    kept += +(y >= south) & +(y <= north) & +(x >= west) & +(x <= east);
  }
  c.length = kept;
}

/** Horizontal bands a ring's edges are sorted into, so a point tests only the edges near it. */
const BANDS = 256;

/**
 * Keeps the candidates inside the ring: its bounding box first (one cheap pass), then the
 * even-odd rule for what is left, a point on an edge or a vertex counting as inside (as the
 * bounds' edges do). One cross product per edge decides both "on the edge" (exactly zero) and
 * which side of it the point is, so the two tests never disagree through rounding. Only edges
 * whose latitude range holds the point's can do either, so each point tests the edges listed
 * for its band (a 50-point ring: a handful, not 50).
 */
export function keepInPolygon(c: Candidates, lat: Float64Array, lng: Float64Array, ring: Ring) {
  const m = ring.length;
  const ys = new Float64Array(m);
  const xs = new Float64Array(m);
  let south = Number.POSITIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  let west = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  ring.forEach(([y, x], i) => {
    ys[i] = y;
    xs[i] = x;
    south = Math.min(south, y);
    north = Math.max(north, y);
    west = Math.min(west, x);
    east = Math.max(east, x);
  });
  keepInBounds(c, lat, lng, [south, west, north, east]);
  // Edge i joins point i - 1 to point i. Bands by latitude (monotonic, so an edge spanning
  // a point's latitude is always listed in the point's band), as offsets into one array.
  const scale = north > south ? BANDS / (north - south) : 0;
  const bandOf = (y: number) => Math.min(BANDS - 1, Math.max(0, Math.floor((y - south) * scale)));
  const start = new Int32Array(BANDS + 1);
  const span = (i: number) => {
    const j = i === 0 ? m - 1 : i - 1;
    const a = ys[i] as number;
    const b = ys[j] as number;
    return [bandOf(Math.min(a, b)), bandOf(Math.max(a, b))] as const;
  };
  for (let i = 0; i < m; i++) {
    const [from, to] = span(i);
    for (let band = from; band <= to; band++) start[band + 1] = (start[band + 1] as number) + 1;
  }
  for (let band = 0; band < BANDS; band++) {
    start[band + 1] = (start[band + 1] as number) + (start[band] as number);
  }
  // Each band's edges as (yi, xi, yj, xj) runs, read in order by the point loop.
  const ends = new Float64Array((start[BANDS] as number) * 4);
  const fill = start.slice(0, BANDS);
  for (let i = 0; i < m; i++) {
    const [from, to] = span(i);
    const j = i === 0 ? m - 1 : i - 1;
    for (let band = from; band <= to; band++) {
      const at = (fill[band] as number) * 4;
      ends.set([ys[i] as number, xs[i] as number, ys[j] as number, xs[j] as number], at);
      fill[band] = (fill[band] as number) + 1;
    }
  }
  const { slots } = c;
  let kept = 0;
  for (let i = 0; i < c.length; i++) {
    const s = slots[i] as number;
    const y = lat[s] as number;
    const band = bandOf(y);
    slots[kept] = s;
    kept += insideRing(
      ends,
      (start[band] as number) * 4,
      (start[band + 1] as number) * 4,
      y,
      lng[s] as number,
    );
  }
  c.length = kept;
}

/**
 * 1 when (y, x) is inside the ring (even-odd) or on its boundary, else 0, testing the edges
 * `ends[from..to)` as (yi, xi, yj, xj) runs (every edge whose latitude range holds y).
 */
function insideRing(ends: Float64Array, from: number, to: number, y: number, x: number): number {
  let inside = 0;
  for (let e = from; e < to; e += 4) {
    const yi = ends[e] as number;
    const xi = ends[e + 1] as number;
    const yj = ends[e + 2] as number;
    const xj = ends[e + 3] as number;
    // > 0: the point lies left of the edge i→j (looking from i to j, x east and y north).
    const cross = (xj - xi) * (y - yi) - (x - xi) * (yj - yi);
    if (cross === 0) {
      const onEdge =
        y >= Math.min(yi, yj) &&
        y <= Math.max(yi, yj) &&
        x >= Math.min(xi, xj) &&
        x <= Math.max(xi, xj);
      if (onEdge) return 1;
      continue; // on the edge's line, beyond it: its ray meets the edge nowhere new
    }
    // The edge straddles the point's latitude (half-open, so a vertex counts once) and
    // crosses it east of the point.
    if (yi > y !== yj > y && cross > 0 === yj > yi) inside ^= 1;
  }
  return inside;
}

export const CLUSTER_GRID = 32;

/**
 * The matches (`ok`) counted on a CLUSTER_GRID × CLUSTER_GRID grid over `extent` (the asked
 * bounds), or over the matches' own extent: each non-empty cell as its matches' mean position
 * and count, in cell order (south to north, west to east). Slots without a position are left out.
 */
export function clusterMatches(
  ok: Uint8Array,
  n: number,
  lat: Float64Array,
  lng: Float64Array,
  extent: Bounds | undefined,
): IndexCluster[] {
  let [south, west, north, east] = extent ?? [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  if (!extent) {
    for (let s = 0; s < n; s++) {
      if (ok[s] === 0 || Number.isNaN(lat[s])) continue;
      south = Math.min(south, lat[s] as number);
      north = Math.max(north, lat[s] as number);
      west = Math.min(west, lng[s] as number);
      east = Math.max(east, lng[s] as number);
    }
    if (south > north) return [];
  }
  const cells = CLUSTER_GRID * CLUSTER_GRID;
  const count = new Int32Array(cells);
  const sumLat = new Float64Array(cells);
  const sumLng = new Float64Array(cells);
  // A zero-wide extent (one spot) puts everything in the first row or column.
  const rowScale = north > south ? CLUSTER_GRID / (north - south) : 0;
  const columnScale = east > west ? CLUSTER_GRID / (east - west) : 0;
  const last = CLUSTER_GRID - 1;
  for (let s = 0; s < n; s++) {
    if (ok[s] === 0) continue;
    const y = lat[s] as number;
    const x = lng[s] as number;
    if (Number.isNaN(y) || Number.isNaN(x)) continue;
    const row = Math.min(last, Math.max(0, Math.floor((y - south) * rowScale)));
    const column = Math.min(last, Math.max(0, Math.floor((x - west) * columnScale)));
    const cell = row * CLUSTER_GRID + column;
    count[cell] = (count[cell] as number) + 1;
    sumLat[cell] = (sumLat[cell] as number) + y;
    sumLng[cell] = (sumLng[cell] as number) + x;
  }
  const tidy = (value: number) => Math.round(value * 1e6) / 1e6;
  const clusters: IndexCluster[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const k = count[cell] as number;
    if (k === 0) continue;
    clusters.push({
      lat: tidy((sumLat[cell] as number) / k),
      lng: tidy((sumLng[cell] as number) / k),
      count: k,
    });
  }
  return clusters;
}
