/*
 * The web budget's deterministic half, for every build (`npm test`'s build stage, decision 072):
 * each page's initial JS in gzip bytes, read from the build's manifest (the entry, what it
 * imports statically and the page's route chunks with theirs), against its budget: 148 KB on a
 * public page, 175 KB on a signed-in one. Byte counts, not timings, so it decides the same on
 * every machine; Lighthouse's scores stay in bench/web-budget.ts, for a person to run.
 *
 *   npx tsx scripts/check-web-sizes.ts [--dist dist] [--results FILE]
 *
 * Exits 1 when a page is over its budget. `--results FILE` writes each page's check as a test
 * result that `npm test` counts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeTestReport } from '../bench/lib/test-report.ts';
import { ALL_PAGES, budgetOf } from '../bench/lib/web-pages.ts';
import { measureSizes } from '../bench/lib/web-sizes.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    results: { type: 'string' },
  },
});

const sizes = measureSizes(
  values.dist,
  ALL_PAGES.map((page) => ({ path: page.path, modules: page.modules, budgetKb: budgetOf(page) })),
);
const checks = sizes.pages.map((page) => ({
  name: `web size ${page.path}: initial JS at most ${page.budgetKb} KB gzip`,
  failure:
    page.initialJsGzipKb > page.budgetKb
      ? `initial JS ${page.initialJsGzipKb} KB gzip, over ${page.budgetKb} KB`
      : null,
}));
for (const page of sizes.pages) {
  const mark = page.initialJsGzipKb <= page.budgetKb ? 'ok' : `OVER ${page.budgetKb} KB`;
  console.log(
    `  ${page.path.padEnd(32)} ${String(page.initialJsGzipKb).padStart(6)} KB gzip in ${String(page.chunks).padStart(2)} chunks (${mark})`,
  );
}
if (values.results) {
  writeTestReport(values.results, path.join('scripts', 'check-web-sizes.ts'), checks);
}
const over = checks.filter((check) => check.failure !== null);
console.log(
  over.length === 0
    ? `web sizes: all ${checks.length} pages within their initial-JS budget`
    : `web sizes: ${over.length} of ${checks.length} pages over budget`,
);
process.exitCode = over.length === 0 ? 0 : 1;
