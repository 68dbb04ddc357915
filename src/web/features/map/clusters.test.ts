import { describe, expect, it } from 'vitest';
import { indexPins, type MapPin } from './clusters.ts';
import { clusterName, pinLabel, pinName } from './labels.ts';
import { NYC_BOUNDS } from './viewport.ts';

const pin = (id: string, lat: number, lng: number, rentCents = 320_000): MapPin => ({
  id,
  lat,
  lng,
  rentCents,
});

describe('clustering the pins', () => {
  // Three listings within a block of each other in Williamsburg, one far off in Astoria.
  const pins = [
    pin('a', 40.7081, -73.9571),
    pin('b', 40.7083, -73.9573),
    pin('c', 40.7079, -73.9569),
    pin('d', 40.7644, -73.9235),
  ];
  const index = indexPins(pins);

  it('merges pins that overlap at the city view, with their count and ids', () => {
    const markers = index.markers(NYC_BOUNDS, 10);
    const cluster = markers.find((m) => m.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 });
    expect(cluster?.kind === 'cluster' && [...cluster.ids].sort()).toEqual(['a', 'b', 'c']);
    expect(cluster?.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(10);
    expect(markers.filter((m) => m.kind === 'pin').map((m) => m.key)).toEqual(['d']);
    const counted = markers.reduce((n, m) => n + (m.kind === 'cluster' ? m.count : 1), 0);
    expect(counted).toBe(pins.length);
  });

  it('splits them into single pins when zoomed in far enough', () => {
    const markers = index.markers(NYC_BOUNDS, 19);
    expect(markers.every((m) => m.kind === 'pin')).toBe(true);
    expect(markers.map((m) => m.key).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns only what is in the bounds', () => {
    const astoria: [number, number, number, number] = [40.75, -73.94, 40.78, -73.9];
    expect(index.markers(astoria, 12).map((m) => m.key)).toEqual(['d']);
  });

  it("clusters the server's grid cells by their counts, and shows a lone cell as it is", () => {
    const cells = indexPins(
      [],
      [
        { lat: 40.7081, lng: -73.9571, count: 1200 },
        { lat: 40.7083, lng: -73.9573, count: 30 },
        { lat: 40.89, lng: -73.912, count: 7 },
      ],
    );
    const markers = cells.markers(NYC_BOUNDS, 10);
    expect(markers.map((m) => (m.kind === 'cluster' ? m.count : 0)).sort()).toEqual([1230, 7]);
    const lone = markers.find((m) => m.kind === 'cluster' && m.count === 7);
    expect(lone).toMatchObject({ expansionZoom: null, ids: [] });
  });
});

describe('pin labels', () => {
  it('shows the rent, short past ten thousand', () => {
    expect(pinLabel(320_000)).toBe('$3,200');
    expect(pinLabel(319_950)).toBe('$3,200');
    expect(pinLabel(1_250_000)).toBe('$12.5k');
  });

  it('names a pin by rent, bedrooms and neighborhood, as much as is known', () => {
    expect(pinName({ ...pin('a', 0, 0), bedrooms: 2, neighborhood: 'williamsburg' })).toBe(
      '$3,200, 2 bd in Williamsburg',
    );
    expect(pinName({ ...pin('a', 0, 0), bedrooms: 0, neighborhood: null })).toBe('$3,200, studio');
    expect(pinName({ ...pin('a', 0, 0), neighborhood: 'astoria' })).toBe('$3,200, in Astoria');
    expect(pinName(pin('a', 0, 0))).toBe('$3,200');
    expect(clusterName(1200)).toBe('1,200 apartments here, zoom in');
  });
});
