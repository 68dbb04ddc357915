import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../hooks/use-after-paint.ts';
import { MapLoading } from './map-loading.tsx';
import type { SearchMapProps } from './search-map.tsx';

/** The map's code is its own chunk, fetched when the browser is idle after the first paint. */
const SearchMap = lazy(() => import('./search-map.tsx'));

export type { PinFacts, SearchMapProps } from './search-map.tsx';

/** The search map, or its placeholder until the config is known and the page has painted. */
export function SearchMapLazy({ ready, ...props }: SearchMapProps & { ready: boolean }) {
  const painted = useAfterPaint();
  const loading = <MapLoading className={props.className} />;
  if (!painted || !ready) return loading;
  return (
    <Suspense fallback={loading}>
      <SearchMap {...props} />
    </Suspense>
  );
}
