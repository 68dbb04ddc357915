/*
 * Where the web budget's processes run (decision 068). A phone loading a page does not share its
 * CPU with the server it talks to, nor with the tool measuring it; on this 2-core machine they
 * all compete, and Lighthouse counts the measured page's tasks in wall time, preemption
 * included. So the page's renderer gets the last CPU to itself, and everything else (the
 * server and its PostgreSQL, this process running Lighthouse, Chromium's browser, GPU and
 * network processes) shares the others. With a single CPU nothing is placed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const CPUS = os.availableParallelism();
/** Whether the processes are placed: two CPUs or more, `taskset`, and not turned off. */
export let CAN_ISOLATE = CPUS >= 2 && hasTaskset();

/** Everything shares every CPU, as before decision 068 (the bench's `--shared-cpus`). */
export function shareAllCpus(): void {
  CAN_ISOLATE = false;
}
const RENDERER_CPU = String(CPUS - 1);
const OTHER_CPUS = CPUS > 2 ? `0-${CPUS - 2}` : '0';

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Every thread of `pid` on `cpus`; a process that has already exited is skipped. */
function place(pid: number, cpus: string): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  } catch {
    // gone meanwhile
  }
}

function childrenOf(pid: number): { pid: number; commandLine: string }[] {
  const children: { pid: number; commandLine: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name, which may itself hold spaces: state, then ppid.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== pid) continue;
      const commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      children.push({ pid: Number(entry), commandLine });
    } catch {
      // exited while listing
    }
  }
  return children;
}

/** A process and all its descendants, now and (inherited on fork) later, off the renderer's CPU. */
export function keepOffRendererCpu(pid: number): void {
  if (!CAN_ISOLATE) return;
  place(pid, OTHER_CPUS);
  for (const child of childrenOf(pid)) keepOffRendererCpu(child.pid);
}

/**
 * Chromium started with `browserPid`: its renderers fork from the sandboxed zygote, so that
 * zygote goes to the renderer CPU and every renderer it forks later inherits it; the browser
 * process and its other children go to the others. Call once the browser answers on its
 * debugging port (the zygotes exist by then, no page has been opened).
 */
export function isolateRenderers(browserPid: number): void {
  if (!CAN_ISOLATE) return;
  place(browserPid, OTHER_CPUS);
  for (const child of childrenOf(browserPid)) {
    const rendererZygote =
      child.commandLine.includes('--type=zygote') &&
      !child.commandLine.includes('--no-zygote-sandbox');
    const cpus = rendererZygote ? RENDERER_CPU : OTHER_CPUS;
    place(child.pid, cpus);
    for (const grandchild of childrenOf(child.pid)) {
      place(grandchild.pid, grandchild.commandLine.includes('--type=renderer') ? cpus : OTHER_CPUS);
    }
  }
}
