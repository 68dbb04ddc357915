import { type MapPositionInput, mapPosition } from '../../../../shared/map-position.ts';
import type { Bounds } from '../viewport.ts';
import { ZoomButtons } from './map-region.tsx';
import { MapSurface } from './map-surface.tsx';

/** The neighborhood's circle: about 400 m around the public position. */
export const AREA_RADIUS_M = 400;
const METRES_PER_DEGREE_LAT = 111_320;

/** A box about `metres` each way around a place (first view of the small map). */
export function boxAround(lat: number, lng: number, metres: number): Bounds {
  const dLat = metres / METRES_PER_DEGREE_LAT;
  const dLng = dLat / Math.cos((lat * Math.PI) / 180);
  return [lat - dLat, lng - dLng, lat + dLat, lng + dLng];
}

export type ListingLocationMapProps = {
  listing: MapPositionInput;
  styleUrl: string | null;
};

/**
 * The listing page's small map: a pin at the door when the landlord shows it, else a shaded
 * circle over the neighborhood (the position is already rounded by the API).
 */
export default function ListingLocationMap({ listing, styleUrl }: ListingLocationMapProps) {
  const position = mapPosition(listing);
  if (!position) return null;
  const { lat, lng } = position;
  return (
    <MapSurface
      styleUrl={styleUrl}
      initialBounds={boxAround(lat, lng, 1_200)}
      label={listing.showExactLocation ? 'Map of the address' : 'Map of the area'}
      className="h-full w-full"
      overlay={(frame, controls) => {
        const [x, y] = frame.project([lng, lat]);
        const [, edge] = frame.project([lng, lat + AREA_RADIUS_M / METRES_PER_DEGREE_LAT]);
        const radius = Math.max(Math.abs(y - edge), 12);
        return (
          <>
            {listing.showExactLocation ? (
              <span
                data-map-location="exact"
                aria-hidden="true"
                className="pointer-events-none absolute top-0 left-0 z-10 block h-7 w-5 -translate-x-1/2 -translate-y-full"
                style={{ transform: `translate(${x}px, ${y}px)` }}
              >
                <svg viewBox="0 0 20 28" className="h-7 w-5 drop-shadow" aria-hidden="true">
                  <path
                    d="M10 0C4.5 0 0 4.4 0 9.9 0 17.3 10 28 10 28s10-10.7 10-18.1C20 4.4 15.5 0 10 0z"
                    className="fill-brand-700"
                  />
                  <circle cx="10" cy="10" r="3.6" className="fill-white" />
                </svg>
              </span>
            ) : (
              <span
                data-map-location="area"
                aria-hidden="true"
                className="pointer-events-none absolute top-0 left-0 z-10 block rounded-full border-2 border-brand-700 bg-brand-600/25"
                style={{
                  width: radius * 2,
                  height: radius * 2,
                  transform: `translate(${x - radius}px, ${y - radius}px)`,
                }}
              />
            )}
            <ZoomButtons controls={controls} />
          </>
        );
      }}
    />
  );
}
