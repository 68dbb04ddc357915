/** What every benchmark here measures the same way: percentiles and a process's CPU time. */
import fs from 'node:fs';

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process (and its reaped children), in ms; 0 when it is gone. */
export function cpuMs(pid: number, withChildren = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of proc(5), counted from the state (field 3) here.
    const ticks = fields.slice(11, withChildren ? 15 : 13).reduce((sum, f) => sum + Number(f), 0);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
