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

/** A point of the index: one listing, or one of the server's grid cells (`count` listings). */
type PointProps = { pin: MapPin | null; count: number };
type ClusterProps = { sum: number };

export type PinIndex = {
  markers: (bounds: Bounds, zoom: number) => Marker[];
};

/**
 * Client clustering (supercluster) of the pins, and of the server's grid clusters when it sent
 * those (weighted by their counts), built once per answer.
 */
export function indexPins(
  pins: readonly MapPin[],
  serverClusters: ReadonlyArray<{ lat: number; lng: number; count: number }> = [],
): PinIndex {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
    map: (props) => ({ sum: props.count }),
    reduce: (total, props) => {
      total.sum += props.sum;
    },
  });
  const point = (lng: number, lat: number, props: PointProps) => ({
    type: 'Feature' as const,
    properties: props,
    geometry: { type: 'Point' as const, coordinates: [lng, lat] },
  });
  index.load([
    ...pins.map((pin) => point(pin.lng, pin.lat, { pin, count: 1 })),
    ...serverClusters.map((c) => point(c.lng, c.lat, { pin: null, count: c.count })),
  ]);
  return {
    markers([south, west, north, east], zoom) {
      return index
        .getClusters([west, south, east, north], Math.floor(zoom))
        .map((feature): Marker => {
          const [lng = 0, lat = 0] = feature.geometry.coordinates;
          const props = feature.properties;
          if ('cluster' in props && props.cluster) {
            const id = props.cluster_id;
            return {
              kind: 'cluster',
              key: `c${id}`,
              lng,
              lat,
              count: props.sum,
              ids: index
                .getLeaves(id, Number.POSITIVE_INFINITY)
                .flatMap((leaf) => (leaf.properties.pin ? [leaf.properties.pin.id] : [])),
              expansionZoom: index.getClusterExpansionZoom(id),
            };
          }
          const { pin, count } = props as PointProps;
          if (pin) return { kind: 'pin', key: pin.id, lng, lat, pin };
          // One of the server's cells on its own: its listings are not known one by one.
          return {
            kind: 'cluster',
            key: `s${lng},${lat}`,
            lng,
            lat,
            count,
            ids: [],
            expansionZoom: null,
          };
        });
    },
  };
}
