import { describe, expect, it } from 'vitest';
import { mainThreadCpu } from './main-thread.ts';

const page = { pid: 7, tid: 1 };
const navigation = {
  ...page,
  name: 'navigationStart',
  ph: 'R',
  ts: 1_000_000,
  args: { data: { documentLoaderURL: 'http://localhost/x', isLoadingMainFrame: true } },
};
const fcp = { ...page, name: 'firstContentfulPaint', ph: 'R', ts: 1_500_000 };
const task = (ts: number, wallMs: number, cpuMs: number, where = page) => ({
  ...where,
  name: 'RunTask',
  ph: 'X',
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('mainThreadCpu', () => {
  it('counts the page main thread after its first paint, by CPU and by wall time', () => {
    const figures = mainThreadCpu([
      navigation,
      fcp,
      task(1_200_000, 80, 80), // before the first paint: not counted
      task(1_600_000, 40, 20), // CPU 20 ms: blocks 30 ms; wall 40 ms: blocks 110 ms
      task(1_700_000, 10, 5), // short either way
      task(1_800_000, 90, 90, { pid: 7, tid: 2 }), // another thread
      task(1_900_000, 90, 90, { pid: 9, tid: 1 }), // another process
    ]);
    expect(figures).toEqual({ cpuAfterFcpMs: 25, blockingFromCpuMs: 30, blockingFromWallMs: 110 });
  });

  it('is null without the navigation or the first paint', () => {
    expect(mainThreadCpu([fcp, task(1_600_000, 40, 20)])).toBeNull();
    expect(mainThreadCpu([navigation, task(1_600_000, 40, 20)])).toBeNull();
  });
});
