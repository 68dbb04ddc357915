import { type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { MapControls } from './map-frame.ts';

/** How far one arrow key press moves the map. */
export const PAN_STEP = 96;

/** Arrow keys pan, + and − zoom: the map region's own keys (pins are buttons inside it). */
export function mapKeyDown(event: KeyboardEvent<HTMLElement>, controls: MapControls) {
  // Keys pressed on a pin or a button inside act on that control, not the map.
  if (event.target !== event.currentTarget) return;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [PAN_STEP, 0],
    ArrowRight: [-PAN_STEP, 0],
    ArrowUp: [0, PAN_STEP],
    ArrowDown: [0, -PAN_STEP],
  };
  const move = moves[event.key];
  if (move) controls.panBy(move[0], move[1]);
  else if (event.key === '+' || event.key === '=') controls.zoomIn();
  else if (event.key === '-' || event.key === '_') controls.zoomOut();
  else return;
  event.preventDefault();
}

type MapRegionProps = {
  label: string;
  controls: MapControls;
  className?: string | undefined;
  regionRef?: Ref<HTMLElement>;
  children: ReactNode;
};

/**
 * The map's box: a focusable region named for screen readers, which says how to move it. The
 * list beside (or the List view on a phone) is the alternative to the map.
 */
export function MapRegion({ label, controls, className, regionRef, children }: MapRegionProps) {
  const hintId = useId();
  return (
    <section
      ref={regionRef}
      aria-label={label}
      aria-roledescription="map"
      aria-describedby={hintId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes arrow keys, so it takes focus
      tabIndex={0}
      onKeyDown={(event) => mapKeyDown(event, controls)}
      className={cn(
        'relative isolate touch-none overflow-hidden bg-sky-100 outline-none select-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-inset',
        className,
      )}
    >
      <p id={hintId} className="sr-only">
        Arrow keys move the map, plus and minus zoom. Tab to reach each pin.
      </p>
      {children}
    </section>
  );
}

/** The +/− buttons. */
export function ZoomButtons({ controls }: { controls: MapControls }) {
  const button =
    'flex h-10 w-10 items-center justify-center text-xl leading-none font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <div className="pointer-events-auto absolute top-3 right-3 z-20 flex flex-col overflow-hidden rounded-lg border border-stone-300 bg-white shadow-md">
      <button type="button" aria-label="Zoom in" className={button} onClick={controls.zoomIn}>
        +
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        className={cn(button, 'border-t border-stone-300')}
        onClick={controls.zoomOut}
      >
        −
      </button>
    </div>
  );
}
