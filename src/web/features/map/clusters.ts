import Supercluster from 'supercluster';
import type { Bounds } from './viewport.ts';

/** A pin as the map gets it (GET /api/listings/pins), with what the list knows about it. */
export type MapPin = {
  id: string;
  lat: number;
  lng: number;
  rentCents: number;
  bedrooms?: number | null | undefined;
  neighborhood?: string | null | undefined;
};

/** What the map draws: one listing, or several too close to tell apart at this zoom. */
export type Marker =
  | { kind: 'pin'; key: string; lng: number; lat: number; pin: MapPin }
  | {
      kind: 'cluster';
      key: string;
      lng: number;
      lat: number;
      count: number;
      /** The listings inside, when known (client clusters): to highlight a hovered card's. */
      ids: readonly string[];
      /** The zoom at which it splits (client clusters); null: the server's grid cell. */
      expansionZoom: number | null;
    };

/** Pixels (at 512-pixel tiles) within which pins merge: a rent label is about 60 px wide. */
export const CLUSTER_RADIUS = 56;
export const CLUSTER_MAX_ZOOM = 17;

type PinProps = { pin: MapPin };

export type PinIndex = {
  markers: (bounds: Bounds, zoom: number) => Marker[];
};

/** Client clustering of the pins (supercluster), built once per set of pins. */
export function indexPins(pins: readonly MapPin[]): PinIndex {
  const index = new Supercluster<PinProps, Record<string, never>>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
  });
  index.load(
    pins.map((pin) => ({
      type: 'Feature' as const,
      properties: { pin },
      geometry: { type: 'Point' as const, coordinates: [pin.lng, pin.lat] },
    })),
  );
  return {
    markers([south, west, north, east], zoom) {
      return index.getClusters([west, south, east, north], Math.floor(zoom)).map((feature) => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const id = props.cluster_id;
          return {
            kind: 'cluster',
            key: `c${id}`,
            lng,
            lat,
            count: props.point_count,
            ids: index
              .getLeaves(id, Number.POSITIVE_INFINITY)
              .map((leaf) => leaf.properties.pin.id),
            expansionZoom: index.getClusterExpansionZoom(id),
          };
        }
        const { pin } = props as PinProps;
        return { kind: 'pin', key: pin.id, lng, lat, pin };
      });
    },
  };
}

/** The server's grid clusters (more than PINS_MAX matches) as markers inside the view. */
export function serverClusterMarkers(
  clusters: ReadonlyArray<{ lat: number; lng: number; count: number }>,
  [south, west, north, east]: Bounds,
): Marker[] {
  return clusters
    .filter((c) => c.lat >= south && c.lat <= north && c.lng >= west && c.lng <= east)
    .map((c, i) => ({
      kind: 'cluster',
      key: `s${i}`,
      lng: c.lng,
      lat: c.lat,
      count: c.count,
      ids: [],
      expansionZoom: null,
    }));
}
