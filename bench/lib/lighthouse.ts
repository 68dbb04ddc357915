/** Lighthouse runs in Debian's Chromium, one fresh browser a run, and what a report blames. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { isolateRenderers } from './cpu-placement.ts';
import { type MainThreadCpu, mainThreadCpu } from './main-thread.ts';
import { freePort, stop, waitFor } from './processes.ts';

/** Chromium with remote debugging on a free port, for Lighthouse to drive. */
async function startChromium(profileDir: string) {
  const port = await freePort();
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000, child);
  if (child.pid !== undefined) isolateRenderers(child.pid);
  return { child, port };
}

export type PageScore = {
  path: string;
  /** Signed-in pages are held to accessibility only. */
  signedIn: boolean;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Lighthouse's own measure of this machine's CPU at the run (higher is faster; it expects 1000 or more). */
  benchmarkIndex: number;
  runs: number[];
};

export type RunScore = Omit<PageScore, 'path' | 'runs' | 'signedIn'>;
export type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
export type Run = RunScore & { report: Report; mainThread: MainThreadCpu | null };

/** What a report blames, for a page below the thresholds: where to look first. */
export function diagnose(report: Report): string[] {
  const { audits } = report;
  const lines: string[] = [];
  type Item = { node?: { snippet?: string; selector?: string }; url?: string; items?: Item[] };
  const items = (id: string): Item[] =>
    ((audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []).flatMap((item) =>
      item.items ? item.items : [item],
    );
  const lcp = items('largest-contentful-paint-element')[0]?.node;
  if (lcp) lines.push(`LCP element: ${lcp.snippet ?? lcp.selector}`);
  const blocking = items('render-blocking-resources').map((i) => i.url);
  if (blocking.length) lines.push(`render-blocking: ${blocking.join(', ')}`);
  const shifts = items('layout-shifts')
    .map((i) => i.node?.selector)
    .filter(Boolean);
  if (shifts.length) lines.push(`layout shifts: ${shifts.slice(0, 5).join(' | ')}`);
  for (const ref of report.categories.accessibility?.auditRefs ?? []) {
    const audit = audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
      const nodes = items(ref.id)
        .map((i) => i.node?.snippet)
        .filter(Boolean);
      lines.push(`a11y ${ref.id}: ${nodes.slice(0, 3).join(' | ') || audit.title}`);
    }
  }
  for (const ref of report.categories.performance?.auditRefs ?? []) {
    const audit = audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
      lines.push(`perf ${ref.id}: ${audit.displayValue ?? ''} (score ${audit.score})`);
    }
  }
  return lines;
}

/** One Lighthouse run in a fresh Chromium (a reused tab can lose the trace: NO_NAVSTART). */
export async function lighthouseOnce(
  url: string,
  profileDir: string,
  cookie?: string,
): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const chromium = await startChromium(profileDir);
    try {
      const result = await lighthouse(url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: cookie ? { Cookie: cookie } : null,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
      const numeric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
      return {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        speedIndexMs: numeric('speed-index'),
        benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        report: result.lhr,
        mainThread: mainThreadCpu(result.artifacts.Trace.traceEvents),
      };
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (retrying ${url}: ${error instanceof Error ? error.message : String(error)})`);
    } finally {
      await stop(chromium.child);
      fs.rmSync(profileDir, { recursive: true, force: true });
    }
  }
}
