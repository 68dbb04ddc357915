/*
 * What the page's own main thread did after its first paint, from a Lighthouse trace, in CPU time.
 *
 * Lighthouse's Total Blocking Time multiplies each task's wall time by 4 (its phone). On this
 * 2-core machine a task's wall time is often 3-7 times its CPU time: the server, PostgreSQL,
 * Lighthouse and Chromium's browser and GPU processes run beside the page. These figures count
 * the page's own work only, so a change to the page can be told from a busier machine
 * (decision 065). They are reported, not judged.
 */

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
};

export type MainThreadCpu = {
  /** CPU time of every main-thread task after the first contentful paint, in ms. */
  cpuAfterFcpMs: number;
  /** Total Blocking Time as Lighthouse counts it (4x each task, less 50 ms), from CPU time. */
  blockingFromCpuMs: number;
  /** The same from wall time, over the same tasks: what the machine's load adds shows here. */
  blockingFromWallMs: number;
};

/** Lighthouse's simulated phone: 4x this machine's CPU; a task blocks past 50 ms. */
const SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

export function mainThreadCpu(traceEvents: readonly TraceEvent[]): MainThreadCpu | null {
  const navigation = traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      (e.args.data.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) return null;
  const fcp = traceEvents.find(
    (e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid && e.ts >= navigation.ts,
  );
  if (!fcp) return null;
  let cpu = 0;
  let fromCpu = 0;
  let fromWall = 0;
  for (const e of traceEvents) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== navigation.pid) continue;
    if (e.tid !== navigation.tid || e.ts < fcp.ts) continue;
    const cpuMs = (e.tdur ?? 0) / 1000;
    const wallMs = (e.dur ?? 0) / 1000;
    cpu += cpuMs;
    fromCpu += Math.max(0, cpuMs * SLOWDOWN - BLOCKING_AFTER_MS);
    fromWall += Math.max(0, wallMs * SLOWDOWN - BLOCKING_AFTER_MS);
  }
  return {
    cpuAfterFcpMs: Math.round(cpu),
    blockingFromCpuMs: Math.round(fromCpu),
    blockingFromWallMs: Math.round(fromWall),
  };
}
