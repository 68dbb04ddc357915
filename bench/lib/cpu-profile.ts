/**
 * Where a server's time went: a V8 `.cpuprofile` (node --cpu-prof) summed up by function, self
 * time and inclusive time, and by package, over a window of it (the load, not the start-up).
 * Frames of a bundle with a source map beside it (dist-server/index.mjs) are named by their
 * source file and line.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { round } from './stats.ts';

type CallFrame = {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
};
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  /** µs, on the monotonic clock (process.hrtime's). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type ProfileEntry = { name: string; where: string; ms: number; share: number };

export type ProfileSummary = {
  /** Sampled time in the window, idle left out. */
  busyMs: number;
  idleMs: number;
  self: ProfileEntry[];
  inclusive: ProfileEntry[];
  /** Self time by package: `app` (src/), a package's name, `node` (its own JS), or V8's own. */
  byPackage: ProfileEntry[];
};

/** The current time on the profile's clock (µs), to mark a window. */
export function profileClockUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  let map = sourceMaps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(file, map);
  }
  return map;
}

/** `src/server/lib/request-log.ts:21`, `hono/dist/hono-base.js:310`, `node:internal/…:12`. */
function locate(frame: CallFrame, root: string): { where: string; pkg: string; name: string } {
  const { url, lineNumber, columnNumber } = frame;
  const name = frame.functionName || '(anonymous)';
  if (!url) return { where: '', pkg: name.startsWith('(') ? name : '(native)', name };
  if (url.startsWith('node:')) return { where: `${url}:${lineNumber + 1}`, pkg: 'node', name };
  let file = url.startsWith('file://') ? fileURLToPath(url) : url;
  let line = lineNumber + 1;
  const entry = sourceMapOf(file)?.findEntry(lineNumber, columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    const source = entry.originalSource;
    file = path.resolve(
      path.dirname(file),
      source.startsWith('file://') ? fileURLToPath(source) : source,
    );
    line = entry.originalLine + 1;
  }
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const inside = file.slice(modules + 'node_modules/'.length);
    const parts = inside.split('/');
    const pkg = (inside.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
    return { where: `${inside}:${line}`, pkg, name };
  }
  const relative = path.relative(root, file);
  return {
    where: `${relative}:${line}`,
    pkg: relative.startsWith('src/') ? 'app' : relative,
    name,
  };
}

/**
 * Self and inclusive time by function over the samples taken between `fromUs` and `toUs` (the
 * whole profile without them). A function's inclusive time counts each sample once, however
 * often it is on that sample's stack.
 */
export function summarizeProfile(
  profile: CpuProfile,
  options: { fromUs?: number; toUs?: number; root: string; top?: number },
): ProfileSummary {
  const top = options.top ?? 20;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const located = new Map(
    profile.nodes.map((node) => [node.id, locate(node.callFrame, options.root)]),
  );
  const keyOf = (id: number) => {
    const { name, where } = located.get(id) ?? { name: '?', where: '' };
    return `${name}\t${where}`;
  };
  // Time per sampled node first (a node is one call path).
  const timeByNode = new Map<number, number>();
  let at = profile.startTime;
  const from = options.fromUs ?? Number.NEGATIVE_INFINITY;
  const to = options.toUs ?? Number.POSITIVE_INFINITY;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i] as number;
    timeByNode.set(id, (timeByNode.get(id) ?? 0) + us);
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of timeByNode) {
    const node = byId.get(id);
    if (node?.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const key = keyOf(id);
    self.set(key, (self.get(key) ?? 0) + us);
    const pkg = located.get(id)?.pkg ?? '?';
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const upKey = keyOf(up);
      if (upKey.startsWith('(root)') || seen.has(upKey)) continue;
      seen.add(upKey);
      inclusive.set(upKey, (inclusive.get(upKey) ?? 0) + us);
    }
  }
  const entries = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => {
        const [name = '', where = ''] = key.split('\t');
        return { name, where, ms: round(us / 1000, 1), share: round(us / busyUs, 3) };
      });
  return {
    busyMs: round(busyUs / 1000, 0),
    idleMs: round(idleUs / 1000, 0),
    self: entries(self),
    inclusive: entries(inclusive),
    byPackage: entries(packages),
  };
}

/** The summary as lines of text; with `requests`, each entry's µs per request too. */
export function describeProfile(summary: ProfileSummary, requests?: number): string[] {
  const perRequest = (ms: number) =>
    requests ? `${((ms * 1000) / requests).toFixed(1).padStart(6)} µs/req  ` : '';
  const table = (title: string, list: ProfileEntry[]) => [
    title,
    ...list.map(
      (e) =>
        `  ${(e.share * 100).toFixed(1).padStart(5)}%  ${perRequest(e.ms)}${e.name}${e.where ? `  ${e.where}` : ''}`,
    ),
  ];
  return [
    `busy ${summary.busyMs} ms, idle ${summary.idleMs} ms` +
      (requests ? `, ${requests} requests: ${perRequest(summary.busyMs).trim()} busy` : ''),
    ...table('self time by package:', summary.byPackage),
    ...table('self time by function:', summary.self),
    ...table('inclusive time by function:', summary.inclusive),
  ];
}
