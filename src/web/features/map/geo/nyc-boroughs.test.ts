import { describe, expect, it } from 'vitest';
import { nycBoroughsModule } from '../../../../../scripts/nyc-boroughs.ts';
import { NYC_BOROUGHS } from './nyc-boroughs.ts';
import committed from './nyc-boroughs.ts?raw';

describe('the committed borough shapes', () => {
  it('equal what scripts/nyc-boroughs.ts makes from the installed us-atlas', () => {
    expect(committed).toBe(nycBoroughsModule());
  });

  it('are the five boroughs, each inside New York City', () => {
    expect(NYC_BOROUGHS.map((b) => b.slug)).toEqual([
      'manhattan',
      'brooklyn',
      'queens',
      'bronx',
      'staten-island',
    ]);
    for (const borough of NYC_BOROUGHS) {
      const points = borough.polygons.flat(2);
      expect(points.length, borough.slug).toBeGreaterThan(3);
      for (const [lng = 0, lat = 0] of points) {
        expect(lng).toBeGreaterThan(-74.3);
        expect(lng).toBeLessThan(-73.6);
        expect(lat).toBeGreaterThan(40.45);
        expect(lat).toBeLessThan(40.95);
      }
    }
  });
});
