/*
 * The initial JS of each page of a web build: the entry chunk, everything it imports statically,
 * and the page's route chunks with their static imports (what a fresh visit downloads before the
 * page can render), from the build's `.vite/manifest.json`. For bench/web-budget.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestEntry = {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestEntry>;

/** A page to size: its name, its route modules, and its budget in KB gzip. */
export type SizedPage = { path: string; modules: readonly string[]; budgetKb: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The chunk of `key` and every chunk it imports statically, once each. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The initial JS of each page, whether it loads zod, and the entry's CSS. */
export function measureSizes(outDir: string, pagesToSize: readonly SizedPage[]) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  // Without its entry the closures below would silently leave out the entry chunk.
  if (!manifest['index.html']) throw new Error(`${outDir}: the manifest has no index.html entry.`);
  const entryCss = (manifest['index.html']?.css ?? []).map((f) => gzipSize(path.join(outDir, f)));
  const zodFiles = new Set(
    Object.values(manifest)
      .filter((entry) => entry.name === 'zod')
      .map((entry) => entry.file),
  );
  if (zodFiles.size === 0) throw new Error(`${outDir}: no chunk named zod in the manifest.`);
  const pages = pagesToSize.map((page) => {
    const files = staticClosure(manifest, 'index.html');
    for (const module of page.modules) {
      if (!manifest[module]) throw new Error(`No chunk for ${module} in the build.`);
      staticClosure(manifest, module, files);
    }
    const js = [...files].filter((f) => f.endsWith('.js'));
    const bytes = js.reduce((sum, f) => sum + gzipSize(path.join(outDir, f)), 0);
    // zod's chunk (vite.config.ts names it): form checks should load it when a form is used.
    const loadsZod = js.some((f) => zodFiles.has(f));
    return {
      path: page.path,
      initialJsGzipKb: kb(bytes),
      chunks: js.length,
      budgetKb: page.budgetKb,
      loadsZod,
    };
  });
  return { pages, cssGzipKb: kb(entryCss.reduce((a, b) => a + b, 0)) };
}
