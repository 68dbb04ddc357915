import { describe, expect, it } from 'vitest';
import { confirmedRuns } from './confirmed-runs.ts';

/** Runs that score the given TBTs in turn; the median of those measured must be at most 200. */
function pageScoring(...tbts: number[]) {
  let next = 0;
  const confirming: number[] = [];
  return {
    confirming,
    run: (runs: number, confirmTo: number) =>
      confirmedRuns({
        runs,
        confirmTo,
        measure: async () => tbts[next++] ?? Number.NaN,
        misses: (measured) => {
          const sorted = [...measured].sort((a, b) => a - b);
          return (sorted[Math.floor(sorted.length / 2)] ?? 0) > 200;
        },
        onConfirming: (measured) => confirming.push(measured.length),
      }),
  };
}

describe('confirmedRuns', () => {
  it('measures a page that meets its thresholds once', async () => {
    const page = pageScoring(120, 999, 999);
    expect(await page.run(1, 3)).toEqual([120]);
    expect(page.confirming).toEqual([]);
  });

  it('measures a page that misses twice more, for the median of three to decide', async () => {
    const passing = pageScoring(400, 150, 180);
    expect(await passing.run(1, 3)).toEqual([400, 150, 180]);
    expect(passing.confirming).toEqual([1]);
    // A real regression misses in the extra runs too.
    const regressed = pageScoring(400, 390, 150);
    expect(await regressed.run(1, 3)).toEqual([400, 390, 150]);
  });

  it('adds nothing when the runs asked for already reach confirmTo', async () => {
    const page = pageScoring(400, 400, 400, 100);
    expect(await page.run(3, 3)).toEqual([400, 400, 400]);
    expect(page.confirming).toEqual([]);
  });
});
