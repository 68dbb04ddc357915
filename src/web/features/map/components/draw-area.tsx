import type { MapFrame } from './map-frame.ts';

/** `[lat, lng]`, as `polygon=` lists them. */
export type LatLng = [lat: number, lng: number];

/** Screen points of an area, as an SVG `points` list. */
function screenPoints(frame: MapFrame, area: readonly LatLng[]): string {
  return area
    .map(([lat, lng]) =>
      frame
        .project([lng, lat])
        .map((v) => v.toFixed(1))
        .join(','),
    )
    .join(' ');
}

/** The drawn area searched (shaded), under the pins. */
export function AreaShape({ frame, area }: { frame: MapFrame; area: readonly LatLng[] }) {
  return (
    <svg aria-hidden="true" className="pointer-events-none absolute inset-0 z-[5] h-full w-full">
      <polygon
        data-map-area=""
        points={screenPoints(frame, area)}
        className="fill-brand-600/15 stroke-brand-700"
        strokeWidth={2}
      />
    </svg>
  );
}

type DrawLayerProps = {
  frame: MapFrame;
  points: readonly LatLng[];
  onAdd: (point: LatLng) => void;
};

/**
 * While drawing: every click or tap on the map adds a corner (the map holds still meanwhile);
 * the outline so far follows.
 */
export function DrawLayer({ frame, points, onAdd }: DrawLayerProps) {
  return (
    <svg
      aria-hidden="true"
      data-map-draw=""
      className="pointer-events-auto absolute inset-0 z-[15] h-full w-full cursor-crosshair"
      onClick={(event) => {
        const rect = event.currentTarget.getBoundingClientRect();
        const [lng, lat] = frame.unproject([event.clientX - rect.left, event.clientY - rect.top]);
        onAdd([lat, lng]);
      }}
    >
      <rect width="100%" height="100%" className="fill-stone-900/5" />
      {points.length > 1 ? (
        <polygon
          points={screenPoints(frame, points)}
          className="fill-brand-600/15 stroke-brand-700"
          strokeWidth={2}
          strokeDasharray="6 4"
        />
      ) : null}
      {points.map(([lat, lng]) => {
        const [x, y] = frame.project([lng, lat]);
        return (
          <circle
            key={`${lat},${lng}`}
            cx={x}
            cy={y}
            r={5}
            className="fill-white stroke-brand-700"
            strokeWidth={2}
          />
        );
      })}
    </svg>
  );
}
