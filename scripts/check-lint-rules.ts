/**
 * Proves that the layering rules in biome.json hold: for each rule it writes one file that breaks
 * it into a scratch copy of src/ and expects Biome to refuse it, and one lawful file that Biome
 * must accept (so a rule that refuses everything is caught too). Run by `npm run verify`.
 *
 *   npx tsx scripts/check-lint-rules.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

type Case = {
  rule: string;
  /** Files to write, path relative to the scratch root -> content. */
  files: Record<string, string>;
  /** The file Biome lints; the others are only there to be imported. */
  lint: string;
  /** A text Biome's report must contain, or null when the file must pass. */
  expect: string | null;
};

const cases: Case[] = [
  {
    rule: 'shared imports nothing from server/ or web/',
    files: { 'src/shared/zz-rule.ts': "export { env } from '../server/env.ts';\n" },
    lint: 'src/shared/zz-rule.ts',
    expect: 'shared imports nothing from the rest of src/',
  },
  {
    rule: 'shared uses no node: modules',
    files: { 'src/shared/zz-rule.ts': "export { randomUUID } from 'node:crypto';\n" },
    lint: 'src/shared/zz-rule.ts',
    expect: 'no node: modules',
  },
  {
    rule: 'the server never imports the web app',
    files: { 'src/server/lib/zz-rule.ts': "export { cn } from '../../web/lib/cn.ts';\n" },
    lint: 'src/server/lib/zz-rule.ts',
    expect: 'The server never imports the web app',
  },
  {
    rule: "the server never names the web app's files in a string",
    files: { 'src/server/lib/zz-rule.ts': "export const page = 'src/web/app/routes/home.tsx';\n" },
    lint: 'src/server/lib/zz-rule.ts',
    expect: "The server never names the web app's files",
  },
  {
    rule: "the server never names the web app's files as a key",
    files: {
      'src/server/lib/zz-rule.ts': "export const pages = { 'src/web/app/routes/home.tsx': 1 };\n",
    },
    lint: 'src/server/lib/zz-rule.ts',
    expect: "The server never names the web app's files",
  },
  {
    rule: 'the server may name pages and its own web-like paths',
    files: {
      'src/server/lib/zz-rule.ts': [
        "export const page = 'home';",
        "export const root = 'dist/.vite/pages.json';",
        "export const folder = 'src/server/web-app.ts';",
        '',
      ].join('\n'),
    },
    lint: 'src/server/lib/zz-rule.ts',
    expect: null,
  },
  {
    rule: 'the web app never imports the server',
    files: { 'src/web/lib/zz-rule.ts': "export { loadEnv } from '../../server/env.ts';\n" },
    lint: 'src/web/lib/zz-rule.ts',
    expect: 'The web app never imports the server',
  },
  {
    rule: "a feature's top-level file never imports another feature",
    files: {
      'src/web/features/search/zz-rule.ts': "export * from '../listings/format.ts';\n",
    },
    lint: 'src/web/features/search/zz-rule.ts',
    expect: 'Features never import each other',
  },
  {
    rule: "a feature's nested file never imports another feature",
    files: {
      'src/web/features/search/components/zz-rule.ts':
        "export * from '../../listings/format.ts';\n",
    },
    lint: 'src/web/features/search/components/zz-rule.ts',
    expect: 'Features never import each other',
  },
  {
    rule: 'a feature may import its own files, lib, components and shared',
    files: {
      'src/web/features/search/components/zz-rule.ts': [
        "export * from '../search-url.ts';",
        "export * from '../../../lib/cn.ts';",
        "export * from '../../../components/ui/page.tsx';",
        "export * from '../../../../shared/listings.ts';",
        '',
      ].join('\n'),
    },
    lint: 'src/web/features/search/components/zz-rule.ts',
    expect: null,
  },
  {
    rule: 'features never import the app layer',
    files: {
      'src/web/features/search/zz-rule.ts': "export * from '../../app/layout/account-links.ts';\n",
    },
    lint: 'src/web/features/search/zz-rule.ts',
    expect: 'Features never import the app layer',
  },
  {
    rule: 'lib and components never import features',
    files: {
      'src/web/components/ui/zz-rule.ts': "export * from '../../features/listings/format.ts';\n",
    },
    lint: 'src/web/components/ui/zz-rule.ts',
    expect: 'never import features or the app layer',
  },
  {
    rule: "a server module never reaches into another module's files",
    files: {
      'src/server/modules/saved-listings/zz-rule.ts':
        "export * from '../listings/listing-json.ts';\n",
    },
    lint: 'src/server/modules/saved-listings/zz-rule.ts',
    expect: 'only through its *.service.ts',
  },
  {
    rule: 'a server module may use another module through its service',
    files: {
      'src/server/modules/saved-listings/zz-rule.ts':
        "export * from '../listings/listings.service.ts';\nexport * from '../../lib/app-error.ts';\n",
    },
    lint: 'src/server/modules/saved-listings/zz-rule.ts',
    expect: null,
  },
  {
    rule: 'listings never imports billing',
    files: {
      'src/server/modules/listings/zz-rule.ts':
        "export * from '../billing/plan-limits.service.ts';\n",
    },
    lint: 'src/server/modules/listings/zz-rule.ts',
    expect: 'The listings module never imports billing',
  },
  {
    rule: 'listings may use tables and helpers named after billing',
    files: {
      'src/server/modules/listings/zz-rule.ts':
        "export * from '../../db/schema/billing.ts';\nexport * from '../../test/billing-fixtures.ts';\n",
    },
    lint: 'src/server/modules/listings/zz-rule.ts',
    expect: null,
  },
  {
    rule: 'billing may import listings through its service',
    files: {
      'src/server/modules/billing/zz-rule.ts':
        "export * from '../listings/listings.service.ts';\nexport * from '../../db/schema/billing.ts';\n",
    },
    lint: 'src/server/modules/billing/zz-rule.ts',
    expect: null,
  },
  {
    rule: 'the platform never imports a module',
    files: {
      'src/server/lib/zz-rule.ts': "export * from '../modules/listings/listings.service.ts';\n",
    },
    lint: 'src/server/lib/zz-rule.ts',
    expect: 'The platform (server/auth, lib, db) never imports a module',
  },
  {
    rule: "the platform's nested files never import a module's types either",
    files: {
      'src/server/db/schema/zz-rule.ts':
        "export type { EventBus } from '../../modules/events/events.service.ts';\n",
    },
    lint: 'src/server/db/schema/zz-rule.ts',
    expect: 'The platform (server/auth, lib, db) never imports a module',
  },
  {
    rule: 'the platform may import itself and shared',
    files: {
      'src/server/auth/zz-rule.ts': [
        "export * from '../lib/app-error.ts';",
        "export type { Db } from '../db/client.ts';",
        "export * from '../../shared/constants.ts';",
        '',
      ].join('\n'),
    },
    lint: 'src/server/auth/zz-rule.ts',
    expect: null,
  },
  {
    rule: 'routes never touch the database',
    files: {
      'src/server/modules/listings/zz-rule.routes.ts': "export { sql } from 'drizzle-orm';\n",
    },
    lint: 'src/server/modules/listings/zz-rule.routes.ts',
    expect: 'only services touch the database',
  },
  {
    rule: 'no import cycles',
    files: {
      'src/web/lib/zz-cycle-a.ts':
        "import { b } from './zz-cycle-b.ts';\nexport const a = () => b;\n",
      'src/web/lib/zz-cycle-b.ts':
        "import { a } from './zz-cycle-a.ts';\nexport const b = () => a;\n",
    },
    lint: 'src/web/lib/zz-cycle-a.ts',
    expect: 'noImportCycles',
  },
  {
    rule: 'vitest is never imported outside tests',
    files: { 'src/web/lib/zz-rule.ts': "export { vi } from 'vitest';\n" },
    lint: 'src/web/lib/zz-rule.ts',
    expect: 'vitest is for tests only',
  },
  {
    rule: 'tests may import vitest',
    files: {
      'src/web/lib/zz-rule.test.ts':
        "import { expect, it } from 'vitest';\n\nit('adds', () => expect(1 + 1).toBe(2));\n",
    },
    lint: 'src/web/lib/zz-rule.test.ts',
    expect: null,
  },
  {
    rule: 'src/ never imports e2e tests',
    files: { 'src/server/lib/zz-rule.ts': "export * from '../../../e2e/chromium.ts';\n" },
    lint: 'src/server/lib/zz-rule.ts',
    expect: 'src/ never imports e2e tests',
  },
];

/** Case `index`'s copy of a file name: every case's files lie side by side in one scratch tree. */
function forCase(file: string, index: number): string {
  const dir = path.posix.dirname(file);
  const [stem, ...rest] = path.posix.basename(file).split('.');
  return path.posix.join(dir, [`${stem}-c${index}`, ...rest].join('.'));
}

type Diagnostic = {
  severity: string;
  category?: string;
  message: string;
  location?: { path?: string };
};

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-lint-rules-'));
let failures = 0;
try {
  for (const entry of ['biome.json', 'tsconfig.json', 'package.json', 'src', 'scripts/lint']) {
    fs.cpSync(path.join(ROOT, entry), path.join(scratch, entry), { recursive: true });
  }
  // One Biome run for every case: a run scans the whole project (~1 s), 25 runs took 24 s.
  cases.forEach((c, index) => {
    const stems = Object.keys(c.files).map((file) => path.posix.basename(file).split('.')[0]);
    for (const [file, content] of Object.entries(c.files)) {
      let text = content;
      for (const stem of stems) text = text.replaceAll(`/${stem}.`, `/${stem}-c${index}.`);
      fs.writeFileSync(path.join(scratch, forCase(file, index)), text);
    }
  });
  const result = spawnSync(
    BIOME,
    [
      'lint',
      '--vcs-enabled=false',
      '--max-diagnostics=1000',
      '--colors=off',
      '--reporter=json',
      ...cases.map((c, index) => forCase(c.lint, index)),
    ],
    { cwd: scratch, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  let diagnostics: Diagnostic[];
  try {
    diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  } catch {
    throw new Error(
      `Biome gave no JSON report (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  cases.forEach((c, index) => {
    const file = forCase(c.lint, index);
    const errors = diagnostics.filter((d) => d.severity === 'error' && d.location?.path === file);
    const report = errors.map((d) => `${d.category}: ${d.message}`).join('\n');
    const refused = errors.length > 0;
    const ok = c.expect === null ? !refused : refused && report.includes(c.expect);
    if (!ok) {
      failures++;
      console.error(`FAIL ${c.rule}`);
      console.error(
        c.expect === null
          ? `  expected Biome to accept ${file}; it said:\n${report}`
          : `  expected Biome to refuse ${file} with "${c.expect}"; it said:\n${report}`,
      );
    } else {
      console.log(`ok   ${c.rule}`);
    }
  });
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
if (failures > 0) {
  console.error(`${failures} of ${cases.length} layering rules do not hold.`);
  process.exit(1);
}
console.log(`All ${cases.length} layering rules hold.`);
