import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measureSizes } from './web-sizes.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build of files of incompressible bytes (so gzip sizes are known) and its manifest. */
function fakeBuild(files: Record<string, number>, manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-sizes-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [file, bytes] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, file), crypto.randomBytes(bytes));
  }
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const gz = (dir: string, file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;

describe('measureSizes', () => {
  const manifest = {
    'index.html': { file: 'assets/entry.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_zod.js': { file: 'assets/zod.js', name: 'zod' },
    'src/a.tsx': { file: 'assets/a.js', imports: ['_shared.js'], dynamicImports: ['src/b.tsx'] },
    'src/b.tsx': { file: 'assets/b.js', imports: ['_zod.js'] },
  };
  const files = {
    'assets/entry.js': 40_000,
    'assets/shared.js': 5_000,
    'assets/zod.js': 20_000,
    'assets/a.js': 3_000,
    'assets/b.js': 2_000,
  };

  it("counts the entry, its static imports and the page's, once each, not its lazy ones", () => {
    const dir = fakeBuild(files, manifest);
    const { pages } = measureSizes(dir, [
      { path: '/a', modules: ['src/a.tsx'], budgetKb: 100 },
      { path: '/b', modules: ['src/b.tsx'], budgetKb: 60 },
    ]);
    const kb = (...names: string[]) =>
      Math.round((names.reduce((sum, f) => sum + gz(dir, f), 0) / 1024) * 10) / 10;
    expect(pages[0]).toMatchObject({
      path: '/a',
      chunks: 3,
      loadsZod: false,
      initialJsGzipKb: kb('assets/entry.js', 'assets/shared.js', 'assets/a.js'),
    });
    // Over its 60 KB: the entry, shared and zod are about 65 KB of incompressible bytes.
    expect(pages[1]?.loadsZod).toBe(true);
    expect(pages[1]?.initialJsGzipKb).toBe(
      kb('assets/entry.js', 'assets/shared.js', 'assets/b.js', 'assets/zod.js'),
    );
    expect(pages[1]?.initialJsGzipKb).toBeGreaterThan(60);
  });

  it('fails loudly on a page whose route module the build does not have', () => {
    const dir = fakeBuild(files, manifest);
    expect(() => measureSizes(dir, [{ path: '/x', modules: ['src/x.tsx'], budgetKb: 1 }])).toThrow(
      'No chunk for src/x.tsx',
    );
  });
});
