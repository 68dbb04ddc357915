import { lazy, Suspense, useId } from 'react';
import { findNeighborhood } from '../../../../shared/neighborhoods.ts';
import { useAfterPaint } from '../hooks/use-after-paint.ts';
import type { ListingLocationMapProps } from './listing-location-map.tsx';
import { MapLoading } from './map-loading.tsx';

const ListingLocationMap = lazy(() => import('./listing-location-map.tsx'));

type Props = ListingLocationMapProps & {
  /** Null until GET /api/config answered (the map waits to know which kind to draw). */
  ready: boolean;
};

/**
 * The listing page's "Location" section. Only this file is in the page's first load: the map
 * (d3-geo, the borough shapes, or MapLibre GL) comes when the browser is idle after it.
 */
export function ListingLocationSection({ ready, ...props }: Props) {
  const headingId = useId();
  const painted = useAfterPaint();
  const { listing } = props;
  if (listing.lat === null && listing.neighborhood === null) return null;
  const hood = listing.neighborhood ? findNeighborhood(listing.neighborhood)?.name : undefined;
  const box = 'h-64 w-full overflow-hidden rounded-2xl border border-stone-200 sm:h-80';
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-stone-200 pt-6 print:hidden"
    >
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        Location
      </h2>
      <p className="text-sm text-stone-700">
        {listing.showExactLocation
          ? 'The pin marks the building.'
          : `The shaded circle shows the area${hood ? ` in ${hood}` : ''}; the landlord shares the exact address.`}
      </p>
      <div className={box}>
        {painted && ready ? (
          <Suspense fallback={<MapLoading className="h-full" />}>
            <ListingLocationMap {...props} />
          </Suspense>
        ) : (
          <MapLoading className="h-full" />
        )}
      </div>
    </section>
  );
}
