/** Figures about processes, from /proc and os: memory, CPU of PostgreSQL, load, file limit. */
import fs from 'node:fs';
import os from 'node:os';
import { cpuMs, round } from './stats.ts';

/** The 1, 5 and 15 minute load averages, rounded. */
export const loadAverage = () => os.loadavg().map((n) => round(n, 2));

/** Resident memory of a process, in KB. */
export function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** CPU ms of the postmaster and every backend under it, by pid. */
export function postgresCpu(postmaster: number | undefined): Map<number, number> {
  const out = new Map<number, number>();
  if (!postmaster) return out;
  out.set(postmaster, cpuMs(postmaster));
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) out.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // gone
    }
  }
  return out;
}
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export function openFileLimit(): number {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    return Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
