import { geoPath } from 'd3-geo';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NEIGHBORHOODS } from '../../../../shared/neighborhoods.ts';
import { NYC_BOROUGHS } from '../geo/nyc-boroughs.ts';
import {
  baseProjection,
  type Camera,
  cameraBounds,
  fitCamera,
  type Point,
  panBy,
  project,
  resizeCamera,
  unproject,
  webZoom,
  zoomAround,
} from '../viewport.ts';
import type { MapControls, MapFrame, MapSurfaceProps } from './map-frame.ts';
import { MapRegion } from './map-region.tsx';

/** Zoom (× the whole city) from which neighborhood names are written on the map. */
const NAMES_FROM = 3;

/** Neighborhood names in view, skipping any that would overlap one already placed. */
function placeNames(camera: Camera) {
  const placed: Array<{
    slug: string;
    name: string;
    at: Point;
    box: [number, number, number, number];
  }> = [];
  for (const n of NEIGHBORHOODS) {
    const at = project(camera, [n.lng, n.lat]);
    const half = n.name.length * 3.3 + 4;
    const box: [number, number, number, number] = [
      at[0] - half,
      at[1] - 12,
      at[0] + half,
      at[1] + 4,
    ];
    if (box[2] < 0 || box[0] > camera.width || box[3] < 0 || box[1] > camera.height) continue;
    const overlaps = placed.some(
      ({ box: b }) => box[0] < b[2] && box[2] > b[0] && box[1] < b[3] && box[3] > b[1],
    );
    if (!overlaps) placed.push({ slug: n.slug, name: n.name, at, box });
  }
  return placed;
}

function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0)
        setSize({ width: Math.round(width), height: Math.round(height) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The built-in map (no network): the five boroughs from us-atlas drawn as SVG with d3-geo,
 * moved with the pointer (drag, wheel, pinch), the keys and the +/− buttons.
 */
export function SvgMapSurface({
  initialBounds,
  fitTo,
  onViewChange,
  onUserMove,
  overlay,
  label,
  className,
}: MapSurfaceProps) {
  const box = useRef<HTMLElement>(null);
  const size = useBoxSize(box);
  const [camera, setCamera] = useState<Camera | null>(null);
  const first = useRef(initialBounds);
  useEffect(() => {
    if (!size) return;
    setCamera((current) =>
      current === null
        ? fitCamera(size.width, size.height, first.current)
        : resizeCamera(current, size.width, size.height),
    );
  }, [size]);

  const fitKey = fitTo ? fitTo.join(',') : '';
  useEffect(() => {
    if (!size || fitKey === '') return;
    const [south = 0, west = 0, north = 0, east = 0] = fitKey.split(',').map(Number);
    setCamera(fitCamera(size.width, size.height, [south, west, north, east]));
  }, [fitKey, size]);

  const onUserMoveRef = useRef(onUserMove);
  onUserMoveRef.current = onUserMove;
  const move = (change: (camera: Camera) => Camera) => {
    setCamera((current) => (current === null ? null : change(current)));
    onUserMoveRef.current?.();
  };
  const controls: MapControls = {
    zoomIn: () => move((c) => zoomAround(c, 2)),
    zoomOut: () => move((c) => zoomAround(c, 0.5)),
    panBy: (dx, dy) => move((c) => panBy(c, dx, dy)),
    zoomInto: (lngLat, zoom) =>
      move((c) => {
        const target = zoom === null ? c.k * 2 : c.k * 2 ** (zoom - webZoom(c));
        const [px, py] = project(c, lngLat);
        const centred = panBy(c, c.width / 2 - px, c.height / 2 - py);
        return zoomAround(centred, Math.max(target / c.k, 1.5));
      }),
  };

  // Wheel zooms (a listener that may cancel the page's scroll); drag pans; two fingers pinch.
  const pointers = useRef(new Map<number, Point>());
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const at: Point = [event.clientX - rect.left, event.clientY - rect.top];
      const factor = 2 ** (-event.deltaY / (event.deltaMode === 1 ? 10 : 300));
      setCamera((c) => (c === null ? null : zoomAround(c, factor, at)));
      onUserMoveRef.current?.();
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const local = (event: React.PointerEvent): Point => {
    const rect = box.current?.getBoundingClientRect();
    return [event.clientX - (rect?.left ?? 0), event.clientY - (rect?.top ?? 0)];
  };
  const onPointerDown = (event: React.PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, local(event));
  };
  const onPointerMove = (event: React.PointerEvent<SVGSVGElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const now = local(event);
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    const other = others[0]?.[1];
    if (other) {
      // Pinch: zoom by the change of the fingers' distance, around their midpoint.
      const before = Math.hypot(previous[0] - other[0], previous[1] - other[1]);
      const after = Math.hypot(now[0] - other[0], now[1] - other[1]);
      if (before > 0) {
        const mid: Point = [(now[0] + other[0]) / 2, (now[1] + other[1]) / 2];
        move((c) => zoomAround(c, after / before, mid));
      }
      return;
    }
    const dx = now[0] - previous[0];
    const dy = now[1] - previous[1];
    if (dx !== 0 || dy !== 0) move((c) => panBy(c, dx, dy));
  };
  const onPointerUp = (event: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const paths = useMemo(() => {
    if (!size) return [];
    const path = geoPath(baseProjection(size.width, size.height));
    return NYC_BOROUGHS.map((borough) => ({
      slug: borough.slug,
      d: path({ type: 'MultiPolygon', coordinates: borough.polygons }) ?? '',
    }));
  }, [size]);

  const frame: MapFrame | null = useMemo(
    () =>
      camera === null
        ? null
        : {
            width: camera.width,
            height: camera.height,
            project: (lngLat) => project(camera, lngLat),
            unproject: (point) => unproject(camera, point),
            bounds: cameraBounds(camera),
            zoom: webZoom(camera),
          },
    [camera],
  );
  // The settled view, a moment after the last move (a drag sends many).
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  useEffect(() => {
    if (frame === null) return;
    const timer = window.setTimeout(() => onViewChangeRef.current?.(frame.bounds, frame.zoom), 250);
    return () => window.clearTimeout(timer);
  }, [frame]);

  const names = camera !== null && camera.k >= NAMES_FROM ? placeNames(camera) : [];

  return (
    <MapRegion label={label} controls={controls} className={className} regionRef={box}>
      <svg
        aria-hidden="true"
        className="absolute inset-0 h-full w-full cursor-grab active:cursor-grabbing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {camera ? (
          <g transform={`translate(${camera.x},${camera.y}) scale(${camera.k})`}>
            {paths.map((p) => (
              <path
                key={p.slug}
                d={p.d}
                className="fill-stone-50 stroke-stone-400"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
              />
            ))}
          </g>
        ) : null}
        {names.map(({ slug, name, at: [x, y] }) => (
          <text
            key={slug}
            x={x}
            y={y}
            textAnchor="middle"
            className="fill-stone-600 text-[11px] font-medium"
            style={{ paintOrder: 'stroke', stroke: 'white', strokeWidth: 3 }}
          >
            {name}
          </text>
        ))}
      </svg>
      {frame ? overlay(frame, controls) : null}
    </MapRegion>
  );
}
