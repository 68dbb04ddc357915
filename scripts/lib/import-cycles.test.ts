import { describe, expect, it } from 'vitest';
import {
  describeCycle,
  findCycles,
  importGraph,
  importsOf,
  resolveImport,
} from './import-cycles.ts';

const graphOf = (files: Record<string, string>) => importGraph(new Map(Object.entries(files)));

describe('importsOf', () => {
  it('reads static imports and re-exports, type-only ones marked', () => {
    const source = [
      "import { a, type A } from './a.ts';",
      "import type { B } from './b.ts';",
      "import type * as C from './c.ts';",
      "import D, { d } from './d.ts';",
      "import './e.css';",
      'import {',
      '  f,',
      '  g as h,',
      "} from './f.ts';",
      "export * from './g.ts';",
      "export * as ns from './h.ts';",
      "export { i as default } from './i.ts';",
      "export type { J } from './j.ts';",
      "import k = require('./k.ts');",
      "import type from './l.ts';",
      'type M = typeof import("./m.ts");',
      "type N = import('./n.ts').N;",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: './a.ts', kind: 'value' },
      { specifier: './b.ts', kind: 'type' },
      { specifier: './c.ts', kind: 'type' },
      { specifier: './d.ts', kind: 'value' },
      { specifier: './e.css', kind: 'value' },
      { specifier: './f.ts', kind: 'value' },
      { specifier: './g.ts', kind: 'value' },
      { specifier: './h.ts', kind: 'value' },
      { specifier: './i.ts', kind: 'value' },
      { specifier: './j.ts', kind: 'type' },
      { specifier: './k.ts', kind: 'value' },
      { specifier: './l.ts', kind: 'value' },
      { specifier: './m.ts', kind: 'type' },
      { specifier: './n.ts', kind: 'type' },
    ]);
  });

  it('ignores "import" in comments, strings, templates and regular expressions', () => {
    const source = [
      "// import { a } from './a.ts';",
      "/* import { b } from './b.ts'; */",
      '/**',
      " * export * from './c.ts';",
      ' */',
      'const d = "import { d } from \'./d.ts\'";',
      'const e = \'export * from "./e.ts"\';',
      "const f = `import { f } from './f.ts'`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal.
      "const g = `${'x'} import './g.ts' ${`import './h.ts'`}`;",
      "const i = /import '.\\/i.ts'/;",
      "const j = { import: './j.ts' };",
      "const k = options.import('./k.ts');",
      'export const l = 1;',
      'export { l as m };',
      "import { real } from './real.ts';",
    ].join('\n');
    expect(importsOf(source)).toEqual([{ specifier: './real.ts', kind: 'value' }]);
  });

  it('leaves out dynamic imports in expressions (lazy modules)', () => {
    const source = [
      "const home = () => import('./home.tsx');",
      "const check = import('./check.ts').then((module) => module.check);",
      'const chosen = await import(name);',
    ].join('\n');
    expect(importsOf(source)).toEqual([]);
  });

  it('keeps reading past JSX, division and a regular expression with a slash in a class', () => {
    const source = [
      'const half = width / 2 / 1;',
      'const path = /[/]+$/g;',
      'const page = <a href="/x">Don\'t go</a>;',
      'const icon = <Icon {...props} />;',
      "import { after } from './after.ts';",
    ].join('\n');
    expect(importsOf(source)).toEqual([{ specifier: './after.ts', kind: 'value' }]);
  });
});

describe('resolveImport', () => {
  const files = new Set(['src/a.ts', 'src/b.tsx', 'src/c/index.ts', 'src/d.ts']);
  const exists = (file: string) => files.has(file);

  it('resolves relative specifiers as TypeScript does', () => {
    expect(resolveImport('src/x/y.ts', '../a.ts', exists)).toBe('src/a.ts');
    expect(resolveImport('src/y.ts', './b.tsx', exists)).toBe('src/b.tsx');
    expect(resolveImport('src/y.ts', './b', exists)).toBe('src/b.tsx');
    expect(resolveImport('src/y.ts', './c', exists)).toBe('src/c/index.ts');
    expect(resolveImport('src/y.ts', './d.js', exists)).toBe('src/d.ts');
    expect(resolveImport('src/y.ts', './a.ts?raw', exists)).toBe('src/a.ts');
  });

  it('leaves out packages, other kinds of file and missing files', () => {
    expect(resolveImport('src/y.ts', 'zod', exists)).toBeNull();
    expect(resolveImport('src/y.ts', './styles.css', exists)).toBeNull();
    expect(resolveImport('src/y.ts', './missing.ts', exists)).toBeNull();
  });
});

describe('findCycles', () => {
  it('reports a cycle made only of type imports', () => {
    const graph = graphOf({
      'src/search-url.ts': "import type { Filters } from './queries.ts';\nexport const x = 1;\n",
      'src/queries.ts': "import { x } from './search-url.ts';\nexport type Filters = typeof x;\n",
    });
    const cycles = findCycles(graph);
    expect(cycles).toEqual([['src/queries.ts', 'src/search-url.ts', 'src/queries.ts']]);
    expect(describeCycle(graph, cycles[0] ?? [])).toBe(
      'src/queries.ts -> src/search-url.ts -> src/queries.ts\n' +
        '  (types only: src/search-url.ts -> src/queries.ts)',
    );
  });

  it('reports a longer cycle through re-exports once', () => {
    const graph = graphOf({
      'src/a.ts': "export * from './b.ts';\n",
      'src/b.ts': "export type { C } from './c.ts';\n",
      'src/c.ts': "import type { A } from './a.ts';\nexport type C = A;\n",
      'src/d.ts': "import './a.ts';\n",
    });
    expect(findCycles(graph)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts']]);
  });

  it('finds none in a graph without a cycle', () => {
    const graph = graphOf({
      'src/list-param.ts': 'export const splitList = (value: string) => value.split(",");\n',
      'src/search-url.ts':
        "import { splitList } from './list-param.ts';\nimport type { F } from './queries.ts';\n",
      'src/queries.ts':
        "import { splitList } from './list-param.ts';\n// import './search-url.ts';\n" +
        "const lazy = () => import('./search-url.ts');\n",
      'src/self.ts': "export * as self from './self.ts';\n",
    });
    expect(findCycles(graph)).toEqual([]);
  });
});
