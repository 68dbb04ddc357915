import { describe, expect, it } from 'vitest';
import { MAP_GRID, mapPosition, publicAddress } from './map-position.ts';
import { findNeighborhood } from './neighborhoods.ts';

const at = (lat: number, lng: number, showExactLocation = false) =>
  mapPosition({ lat, lng, neighborhood: 'williamsburg', showExactLocation });

/** Metres between two points (equirectangular: plenty at this scale). */
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.hypot(x, y) * 6_371_000;
};

describe('mapPosition', () => {
  it('is the exact spot when the landlord shows it', () => {
    expect(at(40.714_321, -73.961_234, true)).toEqual({ lat: 40.714_321, lng: -73.961_234 });
  });

  it('rounds to the centre of a ~250 m cell, the same for the whole cell', () => {
    const door = { lat: 40.714_321, lng: -73.961_234 };
    const shown = at(door.lat, door.lng);
    expect(shown).not.toEqual(door);
    expect(at(door.lat, door.lng)).toEqual(shown); // deterministic
    // Half a cell's diagonal at most: about 175 m.
    expect(metres(door, shown as { lat: number; lng: number })).toBeLessThan(180);
    // A cell is about 250 m each way in New York.
    const cell = { lat: 1 / MAP_GRID.latCells, lng: 1 / MAP_GRID.lngCells };
    expect(metres({ lat: 40.7, lng: -74 }, { lat: 40.7 + cell.lat, lng: -74 })).toBeCloseTo(
      247,
      -1,
    );
    expect(metres({ lat: 40.7, lng: -74 }, { lat: 40.7, lng: -74 + cell.lng })).toBeCloseTo(
      248,
      -1,
    );
    // Every point of one cell shows at one place; the next cell elsewhere.
    const lat0 = Math.floor(door.lat * MAP_GRID.latCells) / MAP_GRID.latCells;
    const lng0 = Math.floor(door.lng * MAP_GRID.lngCells) / MAP_GRID.lngCells;
    for (const [dy, dx] of [
      [0.01, 0.01],
      [0.99, 0.01],
      [0.5, 0.99],
    ] as const) {
      expect(at(lat0 + dy * cell.lat, lng0 + dx * cell.lng)).toEqual(shown);
    }
    expect(at(lat0 + 1.01 * cell.lat, door.lng)).not.toEqual(shown);
  });

  it('is the neighborhood centre without coordinates, and null without either', () => {
    const hood = findNeighborhood('williamsburg');
    const centre = { lat: hood?.lat, lng: hood?.lng };
    for (const showExactLocation of [false, true]) {
      expect(
        mapPosition({ lat: null, lng: null, neighborhood: 'williamsburg', showExactLocation }),
      ).toEqual(centre);
    }
    expect(
      mapPosition({ lat: null, lng: null, neighborhood: null, showExactLocation: false }),
    ).toBeNull();
  });
});

describe('publicAddress', () => {
  it('drops the house number unless the landlord shows the exact spot', () => {
    expect(publicAddress('123 Bedford Ave', false)).toBe('Bedford Ave');
    expect(publicAddress('12A Main St', false)).toBe('Main St');
    expect(publicAddress('37-21 Queens Blvd', false)).toBe('Queens Blvd');
    expect(publicAddress('123 5th Ave', false)).toBe('5th Ave');
    expect(publicAddress('123 Bedford Ave', true)).toBe('123 Bedford Ave');
  });

  it('keeps a street without a number, and a numbered street as it is', () => {
    expect(publicAddress('5th Ave', false)).toBe('5th Ave');
    expect(publicAddress('One Main Street', false)).toBe('One Main Street');
    expect(publicAddress(null, false)).toBeNull();
    expect(publicAddress('42', false)).toBeNull();
  });
});
