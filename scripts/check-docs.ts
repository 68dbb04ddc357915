/**
 * Keeps the docs and the code in step. Run by `npm run verify`; fails (exit 1) naming each
 * offending file:
 *
 *  1. Citations. A `§N` in the source names the repository file it cites and a numbered heading
 *     of that file: `docs/architecture.md §4`, `docs/spec.md §3-§5`, `docs/spec.md §1, §8`. A
 *     document outside the repository (the founding `ARCHITECTURE` and `spec` files) or a bare
 *     `§N` fails. Inside docs/*.md a bare `§N` is that file's own section.
 *  2. Length. No `.ts`/`.tsx` file under src/, scripts/, bench/ or e2e/ is over MAX_LINES lines,
 *     except the LENGTH_EXEMPT files below.
 *  3. Decision records (docs/decisions/README.md): named `NNN-title.md`, numbers unique, a
 *     `# NNN. Title`, `Date:` and `Status:` line each; a status names only existing records, and
 *     a later one only as its successor ("superseded by NNN").
 *
 * Before checking the repository it runs each rule on a scratch tree holding one violation, and
 * once on a lawful tree, so a rule that stopped catching anything fails too.
 *
 *   npx tsx scripts/check-docs.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MAX_LINES = 450;

/**
 * The files the length rule skips, and why (paths relative to the repository root):
 * - tests: `*.test.ts(x)`, `*.spec.ts(x)`;
 * - test helpers: anything under a `test/`, `test-setup/` or `testing/` folder;
 * - migrations: `src/server/db/migrations/**`;
 * - seed data: `src/server/seed/seed.ts` and `src/server/seed/seed-*.ts`.
 */
const LENGTH_EXEMPT: { why: string; matches: (file: string) => boolean }[] = [
  { why: 'a test', matches: (file) => /\.(test|spec)\.tsx?$/.test(file) },
  { why: 'a test helper', matches: (file) => /(^|\/)(test|test-setup|testing)\//.test(file) },
  { why: 'a migration', matches: (file) => file.startsWith('src/server/db/migrations/') },
  { why: 'seed data', matches: (file) => /^src\/server\/seed\/seed(-[a-z0-9-]+)?\.ts$/.test(file) },
];

/** Folders whose files are checked for citations and length. */
const SOURCE_DIRS = ['src', 'scripts', 'e2e', 'bench'];
/** Text files whose citations are checked (besides README.md, root config files, docs/*.md). */
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|sh|css|html|json|md)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'data', '.git']);

/**
 * Sections of laws, which are not documents of ours: New York's Real Property Law.
 * A `§` right after one of these names is not a citation.
 */
const STATUTES = ['RPL'];

const SECTION = '\u00a7';
/** `§N` (optionally `§ N`); N may end in a letter, as the section 5b does. */
const SECTION_SIGN = new RegExp(`${SECTION} ?\\d+[a-z]?`, 'g');
/** `some/file.md §N`, then more sections of the same file: `, §M`, ` and §M`, `-§M`, `/§M`. */
const CITATION = new RegExp(
  `([\\w./-]+\\.md)\`? (${SECTION} ?\\d+[a-z]?(?:(?:, | and | or |-|–|/)${SECTION} ?\\d+[a-z]?)*)`,
  'g',
);
/** A numbered heading: `## 4. API conventions`, `## 5b. Scheduled work`. */
const NUMBERED_HEADING = /^#{1,6} (\d+[a-z]?)\. /gm;

type Problem = string;

function walk(root: string, dir: string, keep: (file: string) => boolean, out: string[] = []) {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return out;
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('dist-server.tmp-')) {
        walk(root, file, keep, out);
      }
    } else if (keep(file)) {
      out.push(file);
    }
  }
  return out;
}

function lineOf(text: string, index: number) {
  return text.slice(0, index).split('\n').length;
}

function sectionsOf(root: string, doc: string, cache: Map<string, Set<string> | null>) {
  if (!cache.has(doc)) {
    const file = path.join(root, doc);
    const exists = !doc.startsWith('..') && fs.existsSync(file) && fs.statSync(file).isFile();
    const text = exists ? fs.readFileSync(file, 'utf8') : null;
    cache.set(
      doc,
      text === null
        ? null
        : new Set([...text.matchAll(NUMBERED_HEADING)].map((m) => m[1] as string)),
    );
  }
  return cache.get(doc);
}

/** Rule 1: every `§N` names a repository file and one of its numbered headings. */
function checkCitations(root: string): Problem[] {
  const problems: Problem[] = [];
  const cache = new Map<string, Set<string> | null>();
  const rootFiles = fs
    .readdirSync(root)
    .filter((name) => name === 'README.md' || /\.(ts|html)$/.test(name));
  const docs = walk(root, 'docs', (file) => /^docs\/[^/]+\.md$/.test(file));
  const files = [
    ...rootFiles,
    ...docs,
    ...SOURCE_DIRS.flatMap((dir) => walk(root, dir, (file) => TEXT_FILE.test(file))),
  ];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const cited = new Set<number>();
    for (const match of text.matchAll(CITATION)) {
      const doc = match[1] as string;
      const sectionsAt = (match.index as number) + match[0].length - (match[2] as string).length;
      for (const section of (match[2] as string).matchAll(SECTION_SIGN)) {
        cited.add(sectionsAt + (section.index as number));
      }
      const where = `${file}:${lineOf(text, match.index as number)}`;
      const sections = sectionsOf(root, doc, cache);
      if (!sections) {
        problems.push(
          `${where}: cites ${doc}, which is not a file of the repository (${match[0]})`,
        );
        continue;
      }
      for (const section of (match[2] as string).matchAll(SECTION_SIGN)) {
        const number = section[0].slice(1).trim();
        if (!sections.has(number)) {
          problems.push(
            `${where}: cites ${doc} ${SECTION}${number}, which has no heading "${number}. …"`,
          );
        }
      }
    }
    // Inside a doc, a bare §N is the doc's own section.
    const own = file.startsWith('docs/') ? sectionsOf(root, file, cache) : undefined;
    for (const sign of text.matchAll(SECTION_SIGN)) {
      const at = sign.index as number;
      if (cited.has(at)) continue;
      const before = text.slice(Math.max(0, at - 12), at);
      if (STATUTES.some((statute) => new RegExp(`\\b${statute} ?$`).test(before))) continue;
      const number = sign[0].slice(1).trim();
      if (own?.has(number)) continue;
      const lineStart = Math.max(text.lastIndexOf('\n', at - 1) + 1, at - 40);
      const quoted = text.slice(lineStart, at + sign[0].length).trim();
      problems.push(
        `${file}:${lineOf(text, at)}: "${quoted}" cites a section without naming a repository ` +
          `file (docs/architecture.md ${SECTION}N or docs/spec.md ${SECTION}N)`,
      );
    }
  }
  return problems;
}

function lineCount(text: string) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Source files over MAX_LINES lines, each with the exemption that allows it, if one does. */
function oversized(root: string) {
  const found: { file: string; lines: number; exemptAs: string | undefined }[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(root, dir, (name) => /\.tsx?$/.test(name))) {
      const lines = lineCount(fs.readFileSync(path.join(root, file), 'utf8'));
      if (lines <= MAX_LINES) continue;
      found.push({ file, lines, exemptAs: LENGTH_EXEMPT.find((e) => e.matches(file))?.why });
    }
  }
  return found;
}

/** Rule 2: no source file over MAX_LINES lines, but for LENGTH_EXEMPT. */
function checkLengths(root: string): Problem[] {
  return oversized(root)
    .filter(({ exemptAs }) => exemptAs === undefined)
    .map(
      ({ file, lines }) =>
        `${file}: ${lines} lines, over ${MAX_LINES}: split it along a seam a reader would name`,
    );
}

const RECORD_NAME = /^(\d{3})-[a-z0-9]+(-[a-z0-9]+)*\.md$/;

/** Rule 3: decision records keep the format of docs/decisions/README.md. */
function checkDecisions(root: string): Problem[] {
  const problems: Problem[] = [];
  const dir = path.join(root, 'docs', 'decisions');
  if (!fs.existsSync(dir)) return [`docs/decisions/ is missing`];
  const names = fs.readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const numbers = new Map<string, string>();
  for (const name of names) {
    const number = RECORD_NAME.exec(name)?.[1];
    if (!number) {
      problems.push(`docs/decisions/${name}: a record is named NNN-kebab-title.md`);
      continue;
    }
    const other = numbers.get(number);
    if (other) problems.push(`docs/decisions/${name}: number ${number} is also ${other}`);
    numbers.set(number, name);
  }
  for (const [number, name] of numbers) {
    const file = `docs/decisions/${name}`;
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    const lines = text.split('\n');
    if (!new RegExp(`^# ${number}\\. \\S`).test(lines[0] ?? '')) {
      problems.push(`${file}: the first line is "# ${number}. Title"`);
    }
    if (!lines.some((line) => /^Date: \d{4}-\d{2}-\d{2}\s*$/.test(line))) {
      problems.push(`${file}: no "Date: YYYY-MM-DD" line`);
    }
    const statusAt = lines.findIndex((line) => line.startsWith('Status: '));
    if (statusAt === -1) {
      problems.push(`${file}: no "Status:" line`);
      continue;
    }
    // The status runs on until the first blank line.
    const end = lines.findIndex((line, i) => i > statusAt && line.trim() === '');
    const status = lines.slice(statusAt, end === -1 ? undefined : end).join(' ');
    for (const mention of status.matchAll(/\b\d{3}\b/g)) {
      const cited = mention[0];
      if (!numbers.has(cited)) {
        problems.push(`${file}: its status names record ${cited}, which does not exist`);
      } else if (Number(cited) > Number(number)) {
        const before = status.slice(0, mention.index);
        if (!/superseded by (decision )?$/i.test(before)) {
          problems.push(
            `${file}: its status names the later record ${cited} other than as "superseded by ${cited}" ` +
              '(a record is superseded, not edited: docs/decisions/README.md)',
          );
        }
      }
    }
  }
  return problems;
}

function checkAll(root: string): Problem[] {
  return [...checkCitations(root), ...checkLengths(root), ...checkDecisions(root)];
}

// ---- self-test ----

const S = SECTION;
/** A lawful tree: every rule holds. Cases add to it or replace its files. */
const LAWFUL: Record<string, string> = {
  'README.md': `See docs/guide.md ${S}2.\n`,
  'docs/guide.md': `# Guide\n\n## 1. One\n\nAs ${S}2 says.\n\n## 2. Two\n\n## 5b. Later\n`,
  'docs/decisions/001-first.md': '# 001. First\n\nDate: 2026-01-01\nStatus: Superseded by 002\n',
  'docs/decisions/002-second.md':
    '# 002. Second\n\nDate: 2026-01-02\nStatus: Accepted (supersedes 001)\n',
  'src/a.ts': `/** docs/guide.md ${S}1, ${S}2 and ${S}5b; docs/guide.md ${S}1-${S}2; RPL ${S}238-a. */\n`,
  'src/long.test.ts': '\n'.repeat(MAX_LINES + 10),
  'src/server/seed/seed-things.ts': '\n'.repeat(MAX_LINES + 10),
  'src/server/db/migrations/0000_init.ts': '\n'.repeat(MAX_LINES + 10),
  'src/server/test/helper.ts': '\n'.repeat(MAX_LINES + 10),
  'src/exactly.ts': 'x;\n'.repeat(MAX_LINES),
};

type Case = { rule: string; files: Record<string, string>; expect: string | null };

const cases: Case[] = [
  { rule: 'a lawful tree passes', files: {}, expect: null },
  {
    rule: 'a document outside the repository fails',
    files: { 'src/b.ts': `// As ARCHITECTURE ${S}4 says.\n` },
    expect: `src/b.ts:1: "// As ARCHITECTURE ${S}4" cites a section without naming a repository file`,
  },
  {
    rule: "the spec's old name fails, capitalised or not",
    files: { 'e2e/c.ts': `/** Spec ${S}2: routes. */\n` },
    expect: `e2e/c.ts:1: "/** Spec ${S}2" cites a section`,
  },
  {
    rule: 'a bare section in the source fails',
    files: { 'bench/d.ts': `// the ${S}8 budget\n` },
    expect: `bench/d.ts:1: "// the ${S}8" cites a section`,
  },
  {
    rule: 'a missing file fails',
    files: { 'scripts/e.ts': `// docs/missing.md ${S}1\n` },
    expect: 'scripts/e.ts:1: cites docs/missing.md, which is not a file of the repository',
  },
  {
    rule: 'a missing section fails, also later in a chain',
    files: { 'src/f.ts': `// docs/guide.md ${S}1 and ${S}3\n` },
    expect: `src/f.ts:1: cites docs/guide.md ${S}3, which has no heading "3. …"`,
  },
  {
    rule: "a doc's bare section must be its own",
    files: { 'docs/other.md': `# Other\n\n## 1. One\n\nSee ${S}4.\n` },
    expect: `docs/other.md:5: "See ${S}4" cites a section`,
  },
  {
    rule: 'README.md is checked',
    files: { 'README.md': `See spec.md ${S}2.\n` },
    expect: 'README.md:1: cites spec.md, which is not a file of the repository',
  },
  {
    rule: 'a source file over the limit fails',
    files: { 'src/web/big.tsx': 'x;\n'.repeat(MAX_LINES + 1) },
    expect: `src/web/big.tsx: ${MAX_LINES + 1} lines, over ${MAX_LINES}`,
  },
  {
    rule: 'a seed-like name outside seed/ is not seed data',
    files: { 'src/server/modules/seed-ish.ts': 'x;\n'.repeat(MAX_LINES + 1) },
    expect: `src/server/modules/seed-ish.ts: ${MAX_LINES + 1} lines`,
  },
  {
    rule: 'a record without a status fails',
    files: { 'docs/decisions/003-third.md': '# 003. Third\n\nDate: 2026-01-03\n' },
    expect: 'docs/decisions/003-third.md: no "Status:" line',
  },
  {
    rule: 'a record superseded by a missing record fails',
    files: {
      'docs/decisions/002-second.md':
        '# 002. Second\n\nDate: 2026-01-02\nStatus: Superseded by 009\n',
    },
    expect: 'docs/decisions/002-second.md: its status names record 009, which does not exist',
  },
  {
    rule: 'an old record may name a later one only as its successor',
    files: {
      'docs/decisions/001-first.md':
        '# 001. First\n\nDate: 2026-01-01\nStatus: Accepted, see 002\n',
    },
    expect: 'docs/decisions/001-first.md: its status names the later record 002 other than as',
  },
  {
    rule: 'record numbers are unique',
    files: {
      'docs/decisions/002-again.md': '# 002. Again\n\nDate: 2026-01-02\nStatus: Accepted\n',
    },
    expect: 'number 002 is also',
  },
  {
    rule: "a record's title carries its number",
    files: { 'docs/decisions/003-third.md': '# Third\n\nDate: 2026-01-03\nStatus: Accepted\n' },
    expect: 'docs/decisions/003-third.md: the first line is "# 003. Title"',
  },
];

function selfTest(): number {
  let failures = 0;
  for (const c of cases) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-check-docs-'));
    try {
      for (const [file, content] of Object.entries({ ...LAWFUL, ...c.files })) {
        fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
        fs.writeFileSync(path.join(scratch, file), content);
      }
      const problems = checkAll(scratch);
      const ok =
        c.expect === null
          ? problems.length === 0
          : problems.length === 1 && (problems[0] as string).includes(c.expect);
      if (!ok) {
        failures++;
        console.error(`FAIL self-test: ${c.rule}`);
        console.error(
          c.expect === null
            ? '  expected no problems; got:'
            : `  expected exactly one problem containing "${c.expect}"; got:`,
        );
        for (const problem of problems) console.error(`    ${problem}`);
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  return failures;
}

const selfTestFailures = selfTest();
if (selfTestFailures > 0) {
  console.error(
    `${selfTestFailures} of ${cases.length} self-test cases failed: the check is broken.`,
  );
  process.exit(1);
}
const problems = checkAll(ROOT);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(
    `\n${problems.length} problem(s): docs and code disagree (rules: docs/architecture.md ${SECTION}12).`,
  );
  process.exit(1);
}
const exempt = oversized(ROOT).map(
  ({ file, lines, exemptAs }) => `${file} (${lines}, ${exemptAs})`,
);
console.log(
  `Docs hold: every ${SECTION} names a repository section, no file over ${MAX_LINES} lines, ` +
    `decision records in order (self-test: ${cases.length} cases).\n` +
    `Over ${MAX_LINES} lines but exempt: ${exempt.join(', ') || 'none'}.`,
);
