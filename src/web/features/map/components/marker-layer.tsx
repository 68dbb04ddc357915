import type { Ref } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatInteger } from '../../../lib/format.ts';
import type { Marker } from '../clusters.ts';
import { clusterName, pinLabel, pinName } from '../labels.ts';
import type { MapControls, MapFrame } from './map-frame.ts';

type MarkerLayerProps = {
  frame: MapFrame;
  controls: MapControls;
  markers: readonly Marker[];
  highlightedId: string | null;
  selectedId: string | null;
  onHighlight: (id: string | null) => void;
  onSelect: (id: string) => void;
  selectedRef?: Ref<HTMLButtonElement>;
};

/** Pixels around the view within which markers are still drawn (half off-screen pins). */
const MARGIN = 40;

/**
 * Pins (a button with the rent) and clusters (a button with the count), laid over the map at
 * their places. Focus or hover on a pin highlights its card; the card's highlights the pin.
 */
export function MarkerLayer({
  frame,
  controls,
  markers,
  highlightedId,
  selectedId,
  onHighlight,
  onSelect,
  selectedRef,
}: MarkerLayerProps) {
  const placed = markers
    .map((marker) => ({ marker, at: frame.project([marker.lng, marker.lat]) }))
    .filter(
      ({ at: [x, y] }) =>
        x > -MARGIN && y > -MARGIN && x < frame.width + MARGIN && y < frame.height + MARGIN,
    );
  return (
    <ul aria-label="Apartments on the map" className="pointer-events-none absolute inset-0 z-10">
      {placed.map(({ marker, at: [x, y] }) => {
        const style = { transform: `translate(${Math.round(x)}px, ${Math.round(y)}px)` };
        if (marker.kind === 'cluster') {
          const lit = highlightedId !== null && marker.ids.includes(highlightedId);
          const size = marker.count >= 100 ? 'size-12' : marker.count >= 10 ? 'size-10' : 'size-9';
          return (
            <li key={marker.key} className="absolute top-0 left-0" style={style}>
              <button
                type="button"
                data-map-cluster=""
                data-highlighted={lit ? '' : undefined}
                aria-label={clusterName(marker.count)}
                onClick={() => controls.zoomInto([marker.lng, marker.lat], marker.expansionZoom)}
                className={cn(
                  'pointer-events-auto -translate-x-1/2 -translate-y-1/2 rounded-full border-2 text-sm font-bold shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-stone-900',
                  size,
                  lit
                    ? 'z-20 border-white bg-stone-900 text-white'
                    : 'border-white bg-brand-700 text-white hover:bg-brand-800',
                )}
              >
                {formatInteger(marker.count)}
              </button>
            </li>
          );
        }
        const { pin } = marker;
        const lit = pin.id === highlightedId || pin.id === selectedId;
        return (
          <li key={marker.key} className={cn('absolute top-0 left-0', lit && 'z-20')} style={style}>
            <button
              ref={pin.id === selectedId ? selectedRef : undefined}
              type="button"
              data-map-pin={pin.id}
              data-highlighted={lit ? '' : undefined}
              aria-label={pinName(pin)}
              aria-expanded={pin.id === selectedId}
              onClick={() => onSelect(pin.id)}
              onMouseEnter={() => onHighlight(pin.id)}
              onMouseLeave={() => onHighlight(null)}
              onFocus={() => onHighlight(pin.id)}
              onBlur={() => onHighlight(null)}
              className={cn(
                'pointer-events-auto relative -translate-x-1/2 -translate-y-full rounded-full border px-2 py-0.5 text-xs font-bold whitespace-nowrap shadow-md transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-stone-900',
                "after:absolute after:top-full after:left-1/2 after:-ml-1 after:border-4 after:border-transparent after:content-['']",
                lit
                  ? 'scale-110 border-stone-900 bg-stone-900 text-white after:border-t-stone-900'
                  : 'border-brand-800 bg-white text-brand-900 after:border-t-brand-800 hover:bg-brand-50',
              )}
            >
              {pinLabel(pin.rentCents)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
