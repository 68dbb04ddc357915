import type { ReactNode } from 'react';
import type { Bounds, LngLat, Point } from '../viewport.ts';

/** What an overlay needs from whichever map draws the base (SVG or MapLibre GL). */
export type MapFrame = {
  width: number;
  height: number;
  /** Screen position, in CSS pixels from the map's top left. */
  project: (lngLat: LngLat) => Point;
  /** The place at a screen position. */
  unproject: (point: Point) => LngLat;
  /** The visible area. */
  bounds: Bounds;
  /** Web-map zoom (512-pixel world at 0). */
  zoom: number;
};

/** Moves the map; every call counts as the user's move. */
export type MapControls = {
  zoomIn: () => void;
  zoomOut: () => void;
  panBy: (dx: number, dy: number) => void;
  /** Centres on a place and zooms to `zoom` (web-map level), or one step in without. */
  zoomInto: (lngLat: LngLat, zoom: number | null) => void;
};

export type MapSurfaceProps = {
  /** The first view; the whole city without. */
  initialBounds: Bounds | null;
  /**
   * Shows this area whenever it changes (a new search's pins), unless null; not the user's move.
   */
  fitTo?: Bounds | null;
  /** Called with the visible area once the map settles (after each move, and at first). */
  onViewChange?: (bounds: Bounds, zoom: number) => void;
  /** Called when the user (not the first fit) moved or zoomed the map. */
  onUserMove?: () => void;
  /** Drawn over the map, in its coordinates: pins, buttons. */
  overlay: (frame: MapFrame, controls: MapControls) => ReactNode;
  /** The map region's accessible name. */
  label: string;
  className?: string;
};
