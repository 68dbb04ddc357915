import { describe, expect, it } from 'vitest';
import { propertyRuns } from './property-runs.ts';

describe('propertyRuns', () => {
  it('makes every run unless a share is set', () => {
    expect(propertyRuns(2000, {})).toBe(2000);
    expect(propertyRuns(2000, { STOOP_PROPERTY_RUNS_SHARE: '0.25' })).toBe(500);
    expect(propertyRuns(3, { STOOP_PROPERTY_RUNS_SHARE: '0.1' })).toBe(1);
  });

  it('ignores a share that is not in (0, 1]', () => {
    for (const share of ['0', '-1', '2', 'abc', '']) {
      expect(propertyRuns(150, { STOOP_PROPERTY_RUNS_SHARE: share })).toBe(150);
    }
  });
});
