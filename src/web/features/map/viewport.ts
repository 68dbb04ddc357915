import { type GeoProjection, geoMercator } from 'd3-geo';

/** [south, west, north, east] in degrees, as `bounds=` carries it. */
export type Bounds = [south: number, west: number, north: number, east: number];
export type LngLat = [lng: number, lat: number];
export type Point = [x: number, y: number];

/**
 * What the SVG map shows: its size in CSS pixels and a zoom `k` and offset `x,y` applied to the
 * base projection (the five boroughs fitted to the box), as d3-zoom's transform is.
 */
export type Camera = { width: number; height: number; k: number; x: number; y: number };

/** The five boroughs' extent with a little water around them. */
export const NYC_BOUNDS: Bounds = [40.49, -74.27, 40.92, -73.68];
export const MIN_ZOOM = 1;
/** 2^6 over the whole city: a few blocks across, as far as ~250 m rounded positions mean much. */
export const MAX_ZOOM = 64;
const PADDING = 12;

function boundsFeature([south, west, north, east]: Bounds) {
  return {
    type: 'Feature' as const,
    properties: {},
    geometry: {
      type: 'MultiPoint' as const,
      coordinates: [
        [west, south],
        [east, north],
      ],
    },
  };
}

const cache = new Map<string, GeoProjection>();
/** Mercator fitted to the city in a box of this size (k = 1). Cached: sizes change rarely. */
export function baseProjection(width: number, height: number): GeoProjection {
  const key = `${width}x${height}`;
  let projection = cache.get(key);
  if (!projection) {
    const w = Math.max(width, 2 * PADDING + 1);
    const h = Math.max(height, 2 * PADDING + 1);
    projection = geoMercator().fitExtent(
      [
        [PADDING, PADDING],
        [w - PADDING, h - PADDING],
      ],
      boundsFeature(NYC_BOUNDS),
    );
    if (cache.size > 20) cache.clear();
    cache.set(key, projection);
  }
  return projection;
}

/** Screen position (CSS pixels from the map's top left) of a place. */
export function project(camera: Camera, [lng, lat]: LngLat): Point {
  const [bx = 0, by = 0] = baseProjection(camera.width, camera.height)([lng, lat]) ?? [];
  return [bx * camera.k + camera.x, by * camera.k + camera.y];
}

/** The place at a screen position. */
export function unproject(camera: Camera, [sx, sy]: Point): LngLat {
  const base = baseProjection(camera.width, camera.height);
  const [lng = 0, lat = 0] =
    base.invert?.([(sx - camera.x) / camera.k, (sy - camera.y) / camera.k]) ?? [];
  return [lng, lat];
}

/** The visible area. Mercator keeps north up, so two corners say it all. */
export function cameraBounds(camera: Camera): Bounds {
  const [west, north] = unproject(camera, [0, 0]);
  const [east, south] = unproject(camera, [camera.width, camera.height]);
  return [south, west, north, east];
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/** Keeps the view's centre over the city (so the map can never be lost off-screen). */
function keepOverCity(camera: Camera): Camera {
  const center: Point = [camera.width / 2, camera.height / 2];
  const [lng, lat] = unproject(camera, center);
  const [south, west, north, east] = NYC_BOUNDS;
  const clamped: LngLat = [clamp(lng, west, east), clamp(lat, south, north)];
  if (clamped[0] === lng && clamped[1] === lat) return camera;
  const [bx = 0, by = 0] = baseProjection(camera.width, camera.height)(clamped) ?? [];
  return { ...camera, x: center[0] - bx * camera.k, y: center[1] - by * camera.k };
}

/** Zooms by `factor` keeping the place under `at` where it is (the pointer, or the centre). */
export function zoomAround(camera: Camera, factor: number, at?: Point): Camera {
  const [ax, ay] = at ?? [camera.width / 2, camera.height / 2];
  const k = clamp(camera.k * factor, MIN_ZOOM, MAX_ZOOM);
  const ratio = k / camera.k;
  return keepOverCity({
    ...camera,
    k,
    x: ax - (ax - camera.x) * ratio,
    y: ay - (ay - camera.y) * ratio,
  });
}

export function panBy(camera: Camera, dx: number, dy: number): Camera {
  return keepOverCity({ ...camera, x: camera.x + dx, y: camera.y + dy });
}

/** The camera that shows `bounds` (the whole city without) in a box of this size. */
export function fitCamera(width: number, height: number, bounds?: Bounds | null): Camera {
  const whole: Camera = { width, height, k: 1, x: 0, y: 0 };
  if (!bounds) return whole;
  const [south, west, north, east] = bounds;
  const base = baseProjection(width, height);
  const [x0 = 0, y0 = 0] = base([west, north]) ?? [];
  const [x1 = 0, y1 = 0] = base([east, south]) ?? [];
  const k = clamp(
    Math.min(width / Math.max(x1 - x0, 1e-6), height / Math.max(y1 - y0, 1e-6)),
    MIN_ZOOM,
    MAX_ZOOM,
  );
  return keepOverCity({
    width,
    height,
    k,
    x: width / 2 - ((x0 + x1) / 2) * k,
    y: height / 2 - ((y0 + y1) / 2) * k,
  });
}

/** The camera of another box size, showing the same centre at the same zoom. */
export function resizeCamera(camera: Camera, width: number, height: number): Camera {
  if (camera.width === width && camera.height === height) return camera;
  const center = unproject(camera, [camera.width / 2, camera.height / 2]);
  const relative = camera.k; // the base projection scales with the box: keep the zoom factor
  const next: Camera = { width, height, k: relative, x: 0, y: 0 };
  const [bx = 0, by = 0] = baseProjection(width, height)(center) ?? [];
  return keepOverCity({ ...next, x: width / 2 - bx * relative, y: height / 2 - by * relative });
}

/**
 * The web-map zoom level (512-pixel world at zoom 0, as supercluster and MapLibre count) of the
 * camera: d3's Mercator draws the world 2π·scale pixels wide.
 */
export function webZoom(camera: Camera): number {
  const scale = baseProjection(camera.width, camera.height).scale() * camera.k;
  return Math.log2((2 * Math.PI * scale) / 512);
}

/**
 * A box around these places with a margin (15 %, and at least ~1 km across), or null without
 * any: the first view of a search's pins.
 */
export function extentOf(points: ReadonlyArray<{ lat: number; lng: number }>): Bounds | null {
  if (points.length === 0) return null;
  let [south, west, north, east] = [90, 180, -90, -180];
  for (const { lat, lng } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  const dLat = Math.max((north - south) * 0.15, 0.005);
  const dLng = Math.max((east - west) * 0.15, 0.006);
  return [south - dLat, west - dLng, north + dLat, east + dLng];
}
