/**
 * Where a page's main thread spends its CPU while it loads, by package and by function: the
 * profile behind a Lighthouse figure (decision 074). For each page, each build in turn, `--runs`
 * loads in Debian's Chromium at Lighthouse's phone size and a 4x CPU throttle, with V8's sampling
 * profiler on from the navigation until the page's requests have settled. Frames are named
 * through the build's source maps (build with `--sourcemap`), so `react-dom` is told from
 * `preact` and from the app's own code. Beside it, the page's long tasks as the browser reports
 * them (`longtask` entries): their count and their blocking time (each task past 50 ms), at the
 * throttle, summed over the load.
 *
 *   npx vite build --sourcemap --outDir /tmp/dist-a
 *   npx tsx bench/page-profile.ts --dist /tmp/dist-a [--compare /tmp/dist-b --labels a,b]
 *     [--pages /renter/dashboard,/] [--runs 3] [--throttle 4]
 *
 * Figures are CPU time at the throttle, the median of the runs; they are reported, not judged.
 * The last line printed is JSON.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { type CpuProfile, summarizeProfile } from './lib/cpu-profile.ts';
import { stop } from './lib/processes.ts';
import { round } from './lib/stats.ts';
import { pickIds, signInAll, startServer } from './lib/web-bench-server.ts';
import { ALL_PAGES, type Ids, type Page } from './lib/web-pages.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    compare: { type: 'string' },
    labels: { type: 'string', default: 'a,b' },
    pages: { type: 'string', default: '/renter/dashboard' },
    runs: { type: 'string', default: '3' },
    throttle: { type: 'string', default: '4' },
  },
});
if (!values.dist) throw new Error('--dist DIR: a web build made with --sourcemap.');
const RUNS = Math.max(1, Number(values.runs));
const THROTTLE = Number(values.throttle);
const LABELS = values.labels.split(',');
const PAGES = values.pages.split(',').map((p) => {
  const page = ALL_PAGES.find((candidate) => candidate.path === p);
  if (!page) throw new Error(`--pages: no such page ${p}`);
  return page;
});

type Load = {
  busyMs: number;
  byPackage: Record<string, number>;
  topSelf: { name: string; where: string; ms: number }[];
  longTasks: number;
  blockingMs: number;
};

/** Packages that make up less than this share of a load are summed as `other`. */
const SMALL_SHARE = 0.02;

async function profileLoad(
  url: string,
  cookie: string | undefined,
  dist: string,
  origin: string,
): Promise<Load> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      extraHTTPHeaders: cookie ? { cookie } : {},
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // A page's live-event stream stays open: settled is "no other request for 500 ms".
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const longTasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    // The build's files by their path on disk, where their source maps are.
    for (const node of profile.nodes) {
      if (node.callFrame.url.startsWith(origin)) {
        node.callFrame.url = path.join(dist, new URL(node.callFrame.url).pathname);
      }
    }
    const summary = summarizeProfile(profile, { root: REPO_ROOT, top: 40 });
    const byPackage: Record<string, number> = {};
    for (const entry of summary.byPackage) {
      const key = entry.share < SMALL_SHARE ? 'other' : entry.name;
      byPackage[key] = round((byPackage[key] ?? 0) + entry.ms, 1);
    }
    return {
      busyMs: summary.busyMs,
      byPackage,
      topSelf: summary.self.slice(0, 12).map(({ name, where, ms }) => ({ name, where, ms })),
      longTasks: longTasks.length,
      blockingMs: round(
        longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
        0,
      ),
    };
  } finally {
    await browser.close();
  }
}

const median = (list: readonly number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The median load of the runs: each figure's median, and the functions of the median run. */
function medianLoad(loads: readonly Load[]) {
  const packages = [...new Set(loads.flatMap((load) => Object.keys(load.byPackage)))];
  const byBusy = [...loads].sort((a, b) => a.busyMs - b.busyMs);
  return {
    busyMs: median(loads.map((l) => l.busyMs)),
    longTasks: median(loads.map((l) => l.longTasks)),
    blockingMs: median(loads.map((l) => l.blockingMs)),
    busyRuns: loads.map((l) => l.busyMs),
    byPackage: Object.fromEntries(
      packages
        .map((pkg) => [pkg, median(loads.map((l) => l.byPackage[pkg] ?? 0))] as const)
        .sort((a, b) => b[1] - a[1]),
    ),
    topSelf: byBusy[Math.floor(byBusy.length / 2)]?.topSelf ?? [],
  };
}

const pathnameOf = (page: Page, ids: Ids) => (page.url ? page.url(ids) : page.path);

async function main() {
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-page-profile-'));
  fs.chmodSync(workRoot, 0o755); // the postgres OS user must reach DATA_DIR
  const builds = [{ label: LABELS[0] ?? 'a', dist: values.dist as string }];
  if (values.compare) builds.push({ label: LABELS[1] ?? 'b', dist: values.compare });
  const children: ChildProcess[] = [];
  try {
    const targets = [];
    for (const [i, build] of builds.entries()) {
      const cwd = path.join(workRoot, `server-${i}`);
      fs.mkdirSync(cwd, { recursive: true });
      fs.chmodSync(cwd, 0o755);
      fs.cpSync(build.dist, path.join(cwd, 'dist'), { recursive: true });
      console.log(`Starting a server on the ${build.label} build …`);
      const server = await startServer(cwd, path.join(cwd, 'server.log'));
      children.push(server.child);
      const cookies = await signInAll(server.baseUrl);
      targets.push({ ...build, ...server, cookies, ids: await pickIds(server.baseUrl, cookies) });
    }
    const results: Record<string, Record<string, ReturnType<typeof medianLoad>>> = {};
    for (const page of PAGES) {
      const loads = targets.map((): Load[] => []);
      // One unmeasured load of each first (a warm server), then the builds in turn.
      for (let pass = -1; pass < RUNS; pass += 1) {
        for (const [t, target] of targets.entries()) {
          const pathname = pathnameOf(page, target.ids);
          if (pathname === null) continue;
          const load = await profileLoad(
            `${target.baseUrl}${pathname}`,
            page.as && target.cookies[page.as],
            target.dist,
            target.baseUrl,
          );
          if (pass >= 0) loads[t]?.push(load);
        }
      }
      results[page.path] = {};
      for (const [t, target] of targets.entries()) {
        const summary = medianLoad(loads[t] ?? []);
        (results[page.path] as Record<string, typeof summary>)[target.label] = summary;
        console.log(
          `${page.path} ${target.label}: main-thread CPU ${summary.busyMs} ms at ${THROTTLE}x (runs ${summary.busyRuns.join(', ')}), ${summary.longTasks} long tasks, blocking ${summary.blockingMs} ms`,
        );
        for (const [pkg, ms] of Object.entries(summary.byPackage)) {
          console.log(`    ${String(ms).padStart(7)} ms  ${pkg}`);
        }
        console.log('  top functions (self time, the median run):');
        for (const fn of summary.topSelf) {
          console.log(`    ${String(fn.ms).padStart(7)} ms  ${fn.name}  ${fn.where}`);
        }
      }
    }
    console.log(JSON.stringify({ bench: 'page-profile', throttle: THROTTLE, runs: RUNS, results }));
  } finally {
    for (const child of children) await stop(child);
    fs.rmSync(workRoot, { recursive: true, force: true });
  }
}

await main();
