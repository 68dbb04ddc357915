/**
 * No import circles, type-only imports included (issue 48). Biome's `noImportCycles` is set to
 * follow type imports too (`ignoreTypes: false` in biome.json); this check does not depend on
 * that setting. Run by `npm run verify`; fails (exit 1) printing each cycle as a chain,
 * `a.ts -> b.ts -> a.ts`.
 *
 * It reads every .ts/.tsx file under src/, scripts/, bench/ and e2e/ and the root config files,
 * and follows their relative imports: static imports and re-exports, `import type` and
 * `export type … from` included, and `import('…')` used as a type. A dynamic `import('…')` in an
 * expression (the lazy route modules) is not followed: it runs once both modules have loaded.
 * The rules are in scripts/lib/import-cycles.ts.
 *
 * Before checking the repository it checks a cycle made only of type imports, which it must find,
 * and a lawful graph, which must pass.
 *
 *   npx tsx scripts/check-import-cycles.ts [root]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeCycle, findCycles, importGraph } from './lib/import-cycles.ts';

const ROOT = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const FOLDERS = ['src', 'scripts', 'bench', 'e2e'];
const SKIPPED = new Set(['node_modules', 'dist']);
const SOURCE = /\.(m|c)?tsx?$/;

/** Repository-relative, `/`-separated paths of the TypeScript files checked. */
function sourceFiles(): string[] {
  const files = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => entry.name);
  const walk = (dir: string) => {
    const full = path.join(ROOT, dir);
    if (!fs.existsSync(full)) return;
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.')) {
        walk(file);
      } else if (entry.isFile() && SOURCE.test(entry.name)) {
        files.push(file);
      }
    }
  };
  for (const folder of FOLDERS) walk(folder);
  return files.sort();
}

function selfCheck(): string[] {
  const problems: string[] = [];
  const typeCycle = new Map([
    ['src/a.ts', "import type { B } from './b.ts';\nexport type A = { b: B };\n"],
    ['src/b.ts', "export type { A as B } from './a.ts';\n"],
  ]);
  if (findCycles(importGraph(typeCycle)).length !== 1) {
    problems.push('the self-check missed a cycle of type-only imports');
  }
  const lawful = new Map([
    [
      'src/a.ts',
      "import { b } from './b.ts';\n// import { a } from './a.ts';\nexport const a = b;\n",
    ],
    [
      'src/b.ts',
      "export const b = \"import './a.ts'\";\nexport const lazy = () => import('./a.ts');\n",
    ],
  ]);
  if (findCycles(importGraph(lawful)).length !== 0) {
    problems.push('the self-check found a cycle in a graph that has none');
  }
  return problems;
}

const problems = selfCheck();
if (problems.length > 0) {
  for (const problem of problems) console.error(`check-import-cycles: ${problem}`);
  process.exit(1);
}

const files = new Map(
  sourceFiles().map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]),
);
const graph = importGraph(files);
const cycles = findCycles(graph);
if (cycles.length > 0) {
  console.error(
    `Import cycles (${cycles.length}); move what both sides need into a module of its own:`,
  );
  for (const cycle of cycles) console.error(`  ${describeCycle(graph, cycle)}`);
  process.exit(1);
}
const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`No import cycles among ${files.size} files (${edges} relative imports).`);
