import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useListingPins } from '../api/get-listing-pins.ts';
import { indexPins, type MapPin, type Marker } from '../clusters.ts';
import { type Bounds, extentOf } from '../viewport.ts';
import { AreaShape, DrawLayer, type LatLng } from './draw-area.tsx';
import type { MapFrame } from './map-frame.ts';
import { ZoomButtons } from './map-region.tsx';
import { MapSurface } from './map-surface.tsx';
import { MarkerLayer } from './marker-layer.tsx';

/** What the list already knows of a listing, so its pin can say "2 bd in Williamsburg". */
export type PinFacts = { bedrooms: number | null; neighborhood: string | null };

export type SearchMapProps = {
  /** The search's query string (the page's filters): the pins are its matches. */
  queryString: string;
  /** The `bounds` filter in force, if any: the first view fits it. */
  bounds: Bounds | null;
  onSearchArea: (bounds: Bounds) => void;
  /** The drawn area in force (`polygon`), if any. */
  polygon: LatLng[] | null;
  onDrawArea: (points: LatLng[]) => void;
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
  facts: ReadonlyMap<string, PinFacts>;
  /** The small card a pin opens (composed by the page: the listing's link). */
  renderCard: (pin: MapPin) => ReactNode;
  /** MapLibre GL style (GET /api/config), null for the built-in SVG map. */
  styleUrl: string | null;
  className?: string;
};

/** The search with the visible area as its `bounds` (5 decimals: a stable query key). */
function withBounds(queryString: string, area: Bounds): string {
  const params = new URLSearchParams(queryString);
  params.set('bounds', area.map((v) => Math.round(v * 1e5) / 1e5).join(','));
  return params.toString();
}

/** The API's limit on a drawn area's corners (POLYGON_MAX_POINTS). */
const POLYGON_MAX = 50;

const padded = ([south, west, north, east]: Bounds): Bounds => {
  const dLat = (north - south) * 0.1;
  const dLng = (east - west) * 0.1;
  return [south - dLat, west - dLng, north + dLat, east + dLng];
};

/**
 * The search page's map: every match as a pin with its rent (clustered where they overlap),
 * "Search this area" after the map moved, and a small card for the pin chosen.
 */
export default function SearchMap({
  queryString,
  bounds,
  onSearchArea,
  polygon,
  onDrawArea,
  highlightedId,
  onHighlight,
  facts,
  renderCard,
  styleUrl,
  className,
}: SearchMapProps) {
  const everywhere = useListingPins(queryString);
  // Too many matches for pins (the server sent grid clusters): the visible area is asked for
  // its own pins, so zooming in ends on single listings.
  const [view, setView] = useState<Bounds | null>(null);
  const crowded =
    bounds === null &&
    everywhere.data !== undefined &&
    everywhere.data.pins.length === 0 &&
    everywhere.data.clusters.length > 0;
  const viewQuery = crowded && view !== null ? withBounds(queryString, padded(view)) : null;
  const inView = useListingPins(viewQuery ?? queryString, viewQuery !== null);
  const pins = viewQuery !== null && inView.data ? inView : everywhere;
  const [moved, setMoved] = useState(false);
  // Until the user moves the map, it follows the search: each new set of pins is fitted.
  const [touched, setTouched] = useState(bounds !== null || polygon !== null);
  const [drawing, setDrawing] = useState<LatLng[] | null>(null);
  const [first] = useState(
    () => bounds ?? (polygon ? extentOf(polygon.map(([lat, lng]) => ({ lat, lng }))) : null),
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selectedPin = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  const data = pins.data;
  const shownPins = useMemo(
    () => new Map((data?.pins ?? []).map((p) => [p.id, { ...p, ...(facts.get(p.id) ?? {}) }])),
    [data, facts],
  );
  const index = useMemo(
    () => indexPins([...shownPins.values()], data?.clusters ?? []),
    [shownPins, data],
  );
  const wide = everywhere.data;
  const fitTo = useMemo(
    () => (touched || bounds !== null || !wide ? null : extentOf([...wide.pins, ...wide.clusters])),
    [touched, bounds, wide],
  );
  const selectedPinData = selectedId === null ? undefined : shownPins.get(selectedId);
  // A new search that drops the chosen pin closes its card.
  useEffect(() => {
    if (selectedId !== null && data && !shownPins.has(selectedId)) setSelectedId(null);
  }, [data, selectedId, shownPins]);
  // An opened card takes focus, so the keyboard reaches its link at once.
  useEffect(() => {
    if (selectedId === null) return;
    const card = cardRef.current;
    (card?.querySelector<HTMLElement>('a[href]') ?? card)?.focus();
  }, [selectedId]);

  const closeCard = () => {
    setSelectedId(null);
    selectedPin.current?.focus();
  };

  const markersOf = (frame: MapFrame): Marker[] =>
    data ? index.markers(padded(frame.bounds), frame.zoom) : [];

  return (
    <MapSurface
      styleUrl={styleUrl}
      initialBounds={first}
      fitTo={fitTo}
      label="Map of the results"
      className={cn('h-full w-full', className)}
      onViewChange={(visible) => setView(visible)}
      onUserMove={() => {
        setMoved(true);
        setTouched(true);
      }}
      overlay={(frame, controls) => (
        <>
          {polygon ? <AreaShape frame={frame} area={polygon} /> : null}
          <MarkerLayer
            frame={frame}
            controls={controls}
            markers={markersOf(frame)}
            highlightedId={highlightedId}
            selectedId={selectedId}
            onHighlight={onHighlight}
            onSelect={(id) => setSelectedId((current) => (current === id ? null : id))}
            selectedRef={selectedPin}
          />
          {drawing ? (
            <DrawLayer
              frame={frame}
              points={drawing}
              onAdd={(point) =>
                setDrawing((current) =>
                  current && current.length < POLYGON_MAX ? [...current, point] : current,
                )
              }
            />
          ) : null}
          <div className="pointer-events-auto absolute top-3 left-3 z-30 flex flex-col items-start gap-2">
            {drawing ? (
              <div className="flex flex-col gap-2 rounded-lg bg-white p-2 text-sm shadow-md">
                <p role="status" className="px-1 text-stone-800">
                  {drawing.length < 3
                    ? `Click the map to add corners (${drawing.length} of at least 3)`
                    : `${drawing.length} corners`}
                </p>
                <div className="flex gap-2">
                  <button
                    type="button"
                    disabled={drawing.length < 3}
                    onClick={() => {
                      onDrawArea(drawing);
                      setDrawing(null);
                      setMoved(false);
                      setTouched(true);
                    }}
                    className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
                  >
                    Search inside
                  </button>
                  <button
                    type="button"
                    onClick={() => setDrawing(null)}
                    className="rounded-md border border-stone-300 px-3 py-1.5 font-semibold text-stone-800 hover:bg-stone-50"
                  >
                    Cancel
                  </button>
                </div>
              </div>
            ) : (
              <button
                type="button"
                onClick={() => setDrawing([])}
                className="rounded-full border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-900 shadow-md hover:bg-stone-50"
              >
                Draw area
              </button>
            )}
          </div>
          <div className="pointer-events-none absolute inset-x-0 top-14 z-30 flex flex-col items-center gap-2 px-3 sm:top-3">
            {moved && !drawing ? (
              <button
                type="button"
                onClick={() => {
                  setMoved(false);
                  onSearchArea(frame.bounds);
                }}
                className="pointer-events-auto rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-900 shadow-md hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                Search this area
              </button>
            ) : null}
            {everywhere.isError ? (
              <p
                role="alert"
                className="pointer-events-auto rounded-lg bg-white px-3 py-2 text-sm text-red-800 shadow-md"
              >
                The map's pins could not load.{' '}
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => void everywhere.refetch()}
                >
                  Try again
                </button>
              </p>
            ) : wide && wide.total === 0 ? (
              <p className="rounded-lg bg-white px-3 py-2 text-sm text-stone-800 shadow-md">
                No apartments to show here
              </p>
            ) : null}
          </div>
          {everywhere.isFetching || inView.isFetching ? (
            <span className="sr-only" role="status">
              Updating the map
            </span>
          ) : null}
          {selectedPinData ? (
            <div
              ref={cardRef}
              role="dialog"
              tabIndex={-1}
              aria-label="Apartment on the map"
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  closeCard();
                }
              }}
              className="pointer-events-auto absolute inset-x-3 bottom-3 z-30 mx-auto max-w-sm rounded-xl border border-stone-200 bg-white shadow-lg lg:top-16 lg:right-16 lg:bottom-auto"
            >
              <button
                type="button"
                aria-label="Close"
                onClick={closeCard}
                className="absolute top-1 right-1 z-10 flex size-8 items-center justify-center rounded-full bg-white/90 text-lg text-stone-700 hover:bg-stone-100"
              >
                ×
              </button>
              {renderCard(selectedPinData)}
            </div>
          ) : null}
          <ZoomButtons controls={controls} />
        </>
      )}
    />
  );
}
