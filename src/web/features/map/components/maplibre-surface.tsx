import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 finds its worker beside its own module, which a bundle does not keep: Vite emits
// the worker as an asset of this server (so the CSP's worker-src 'self' allows it).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NYC_BOUNDS } from '../viewport.ts';
import type { MapControls, MapFrame, MapSurfaceProps } from './map-frame.ts';
import { MapRegion } from './map-region.tsx';

setWorkerUrl(workerUrl);

type StyledProps = MapSurfaceProps & {
  styleUrl: string;
  /** MapLibre could not start (no WebGL): the caller draws the SVG map instead. */
  onUnavailable: () => void;
};

function frameOf(map: MapLibreMap): MapFrame {
  const canvas = map.getContainer();
  const b = map.getBounds();
  return {
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    project: ([lng, lat]) => {
      const p = map.project([lng, lat]);
      return [p.x, p.y];
    },
    unproject: ([x, y]) => {
      const p = map.unproject([x, y]);
      return [p.lng, p.lat];
    },
    bounds: [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()],
    zoom: map.getZoom(),
  };
}

/**
 * MapLibre GL with the configured style (MAP_STYLE_URL): its own chunk, loaded only when a map
 * opens with a style set. North stays up (no rotation) so `bounds` stays a plain box; keys,
 * pins and buttons are the same as on the SVG map.
 */
export default function MapLibreSurface({
  styleUrl,
  onUnavailable,
  initialBounds,
  fitTo,
  onViewChange,
  onUserMove,
  overlay,
  label,
  className,
}: StyledProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [frame, setFrame] = useState<MapFrame | null>(null);
  const onUserMoveRef = useRef(onUserMove);
  const onUnavailableRef = useRef(onUnavailable);
  onUnavailableRef.current = onUnavailable;
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  onUserMoveRef.current = onUserMove;
  const first = useRef(initialBounds ?? NYC_BOUNDS);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const [south, west, north, east] = first.current;
    let created: MapLibreMap;
    try {
      created = new MapLibreMap({
        container: element,
        style: styleUrl,
        bounds: [
          [west, south],
          [east, north],
        ],
        dragRotate: false,
        pitchWithRotate: false,
        keyboard: false,
        attributionControl: { compact: true },
      });
    } catch {
      // No WebGL here (an old or locked-down browser): the built-in map still works.
      onUnavailableRef.current();
      return;
    }
    created.touchZoomRotate.disableRotation();
    const update = () => setFrame(frameOf(created));
    created.on('move', update);
    created.on('resize', update);
    created.on('load', update);
    const settled = () => {
      const f = frameOf(created);
      onViewChangeRef.current?.(f.bounds, f.zoom);
    };
    created.on('moveend', settled);
    created.on('load', settled);
    created.on('movestart', (event) => {
      if (event.originalEvent) onUserMoveRef.current?.();
    });
    update();
    setMap(created);
    return () => created.remove();
  }, [styleUrl]);

  const fitKey = fitTo ? fitTo.join(',') : '';
  useEffect(() => {
    if (!map || fitKey === '') return;
    const [south = 0, west = 0, north = 0, east = 0] = fitKey.split(',').map(Number);
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { animate: false, maxZoom: 15 },
    );
  }, [fitKey, map]);

  const controls: MapControls = useMemo(() => {
    const user = (act: (m: MapLibreMap) => void) => () => {
      if (!map) return;
      act(map);
      onUserMoveRef.current?.();
    };
    return {
      zoomIn: user((m) => m.zoomIn()),
      zoomOut: user((m) => m.zoomOut()),
      panBy: (dx, dy) => user((m) => m.panBy([-dx, -dy]))(),
      zoomInto: (lngLat, zoom) =>
        user((m) => m.easeTo({ center: lngLat, zoom: zoom ?? m.getZoom() + 1 }))(),
    };
  }, [map]);

  return (
    <MapRegion label={label} controls={controls} className={className}>
      {/* MapLibre makes its container `position: relative`: the box is sized by this wrapper. */}
      <div className="absolute inset-0">
        <div ref={container} className="h-full w-full" />
      </div>
      {frame ? overlay(frame, controls) : null}
    </MapRegion>
  );
}
