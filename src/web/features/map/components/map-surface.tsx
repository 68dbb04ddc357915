import { lazy, Suspense, useState } from 'react';
import type { MapSurfaceProps } from './map-frame.ts';
import { MapLoading } from './map-loading.tsx';
import { SvgMapSurface } from './svg-map-surface.tsx';

/** MapLibre GL and its styles: fetched only when a map opens with MAP_STYLE_URL set. */
const MapLibreSurface = lazy(() => import('./maplibre-surface.tsx'));

/** The map's base: MapLibre GL with the configured style, else the built-in SVG boroughs. */
export function MapSurface({ styleUrl, ...props }: MapSurfaceProps & { styleUrl: string | null }) {
  const [unavailable, setUnavailable] = useState(false);
  if (styleUrl === null || unavailable) return <SvgMapSurface {...props} />;
  return (
    <Suspense fallback={<MapLoading className={props.className} />}>
      <MapLibreSurface {...props} styleUrl={styleUrl} onUnavailable={() => setUnavailable(true)} />
    </Suspense>
  );
}
