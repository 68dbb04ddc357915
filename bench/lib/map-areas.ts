/**
 * Map areas the search benchmarks ask about (issue 16): a borough-sized box, a box around one
 * neighborhood, and concave polygons such as a renter draws.
 */

export type Box = [south: number, west: number, north: number, east: number];
export type Ring = [lat: number, lng: number][];

/** About Brooklyn's extent. */
export const BOROUGH_BOX: Box = [40.57, -74.04, 40.74, -73.86];

/** About 1.5 km each way around a point. */
export const neighborhoodBox = ({ lat, lng }: { lat: number; lng: number }): Box => [
  lat - 0.0135,
  lng - 0.018,
  lat + 0.0135,
  lng + 0.018,
];

/** An L over lower Manhattan and north Brooklyn: concave, 6 points. */
export const L_SHAPE: Ring = [
  [40.68, -74.02],
  [40.68, -73.92],
  [40.72, -73.92],
  [40.72, -73.97],
  [40.8, -73.97],
  [40.8, -74.02],
];

/** A 12-point star around a point (radius 1.2 to 3 km): concave, as a hand-drawn area. */
export function starAround({ lat, lng }: { lat: number; lng: number }): Ring {
  return Array.from({ length: 12 }, (_, i) => {
    const angle = (i / 12) * 2 * Math.PI;
    const radius = i % 2 === 0 ? 0.027 : 0.011; // degrees of latitude
    return [lat + radius * Math.sin(angle), lng + 1.32 * radius * Math.cos(angle)];
  });
}
