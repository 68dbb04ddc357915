import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { CAN_ISOLATE, isolateRenderers, keepOffRendererCpu } from './cpu-placement.ts';

const LAST = String(os.availableParallelism() - 1);
const OTHERS = os.availableParallelism() > 2 ? `0-${os.availableParallelism() - 2}` : '0';
const ALL = os.availableParallelism() > 1 ? `0-${LAST}` : '0';

/** The CPUs a process may run on, as the kernel lists them ("0", "0-1"). */
const cpusOf = (pid: number) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];

/** Direct children of `pid`, by the text of their command line. */
function childrenOf(pid: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      found.set(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'), Number(entry));
    } catch {
      // exited
    }
  }
  return found;
}

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = find();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }
});

/**
 * A stand-in for Chromium's process tree, made of shells renamed with `exec -a`: a browser with a
 * sandboxed zygote (which has forked a renderer) and an unsandboxed one (the GPU's parent).
 */
async function fakeBrowser() {
  const script = `
    (exec -a 'chromium --type=zygote' bash -c "(exec -a 'chromium --type=renderer' sleep 60) & wait") &
    (exec -a 'chromium --type=zygote --no-zygote-sandbox' sleep 60) &
    wait`;
  const browser = spawn('bash', ['-c', script], { detached: true, stdio: 'ignore' });
  started.push(browser);
  const pid = browser.pid as number;
  const zygote = await until(
    () => [...childrenOf(pid)].find(([line]) => line.startsWith('chromium --type=zygote\0'))?.[1],
  );
  const gpuZygote = await until(
    () => [...childrenOf(pid)].find(([line]) => line.includes('--no-zygote-sandbox'))?.[1],
  );
  const renderer = await until(
    () => [...childrenOf(zygote)].find(([line]) => line.includes('--type=renderer'))?.[1],
  );
  return { browser: pid, zygote, gpuZygote, renderer };
}

describe('cpu placement', () => {
  it('gives the renderers (the sandboxed zygote and what it forked) the last CPU, the rest the others', async () => {
    const tree = await fakeBrowser();
    isolateRenderers(tree.browser);
    if (!CAN_ISOLATE) {
      // One CPU (or no taskset): nothing is placed.
      expect(cpusOf(tree.renderer)).toBe(ALL);
      return;
    }
    expect(cpusOf(tree.zygote)).toBe(LAST);
    expect(cpusOf(tree.renderer)).toBe(LAST);
    expect(cpusOf(tree.gpuZygote)).toBe(OTHERS);
    expect(cpusOf(tree.browser)).toBe(OTHERS);
  });

  it('keeps a process tree off the renderer CPU, children included', async () => {
    const parent = spawn('bash', ['-c', 'sleep 60 & wait'], { detached: true, stdio: 'ignore' });
    started.push(parent);
    const pid = parent.pid as number;
    const child = await until(() => [...childrenOf(pid).values()][0]);
    keepOffRendererCpu(pid);
    expect(cpusOf(pid)).toBe(CAN_ISOLATE ? OTHERS : ALL);
    expect(cpusOf(child)).toBe(CAN_ISOLATE ? OTHERS : ALL);
  });
});
