import { findNeighborhood } from './neighborhoods.ts';

/*
 * Where a listing shows on a public map (issue 16, docs/decisions/035). The exact spot when
 * the landlord chose to show it; otherwise the centre of the ~250 m grid cell it lies in, so
 * the door cannot be found but the block is about right; the neighborhood's centre when the
 * listing has no coordinates. Search filters (bounds, polygon), pins and every public answer
 * use this position; only the landlord's own views carry the exact one.
 *
 * The grid: cells of 1/450° latitude (≈ 247 m) by 1/340° longitude (≈ 248 m at New York's
 * 40.7° N), aligned on 0°, so every listing in a cell gets the same point. Deterministic and
 * stateless: the same input always rounds to the same centre, on the server and in the browser.
 */

/** Cells per degree of latitude and of longitude. */
export const MAP_GRID = { latCells: 450, lngCells: 340 } as const;

/** Six decimals (≈ 0.1 m): centres print cleanly and compare equal across runs. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/** The centre of the grid cell holding `value`, with `cells` cells per degree. */
function cellCentre(value: number, cells: number) {
  return tidy((Math.floor(value * cells) + 0.5) / cells);
}

export type MapPositionInput = {
  lat: number | null;
  lng: number | null;
  neighborhood: string | null;
  showExactLocation: boolean;
};

export type MapPosition = { lat: number; lng: number };

/** The public map position of a listing, or null when it has neither coordinates nor area. */
export function mapPosition(listing: MapPositionInput): MapPosition | null {
  const { lat, lng } = listing;
  if (lat === null || lng === null) {
    const hood = listing.neighborhood ? findNeighborhood(listing.neighborhood) : undefined;
    return hood ? { lat: hood.lat, lng: hood.lng } : null;
  }
  if (listing.showExactLocation) return { lat, lng };
  return { lat: cellCentre(lat, MAP_GRID.latCells), lng: cellCentre(lng, MAP_GRID.lngCells) };
}

/** A leading house number: "123", "12A", Queens' hyphenated "37-21". */
export const HOUSE_NUMBER = /^\s*\d+[a-z]?(?:\s*[-–]\s*\d+[a-z]?)?\b\s*,?\s*/i;

/**
 * The street a listing shows to everyone but its landlord when the exact spot is hidden: the
 * address without its house number ("Bedford Ave" for "123 Bedford Ave"), so the text gives away
 * no more than the map. The unit goes too. A renter learns the door from a tour or the landlord.
 */
export function publicAddress(address: string | null, showExactLocation: boolean): string | null {
  if (showExactLocation || address === null) return address;
  const street = address.replace(HOUSE_NUMBER, '').trim();
  return street === '' ? null : street;
}
