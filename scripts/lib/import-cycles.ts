/**
 * The pure half of scripts/check-import-cycles.ts: the imports a TypeScript file names, how a
 * relative one resolves, and the cycles of the graph they make. No file system here; the script
 * hands in the files and a way to ask whether a path exists.
 *
 * What counts as an import (an edge of the graph):
 * - `import … from '…'`, `import '…'`, `export … from '…'`, `import x = require('…')`;
 * - the same with `type` (`import type`, `export type … from`): TypeScript erases them, but a
 *   circle of types is a circle a reader has to untie all the same (Biome's `noImportCycles`
 *   skips them unless told otherwise, which is how one got in: issue 48);
 * - `import('…')` in a type (`typeof import('…')`, `import('…').Name`).
 * A dynamic `import('…')` in an expression (a lazy route, a module loaded on demand) is left out:
 * it runs after both modules have loaded, so it is no cycle a bundle or a reader trips over.
 *
 * The imports are read with a small lexer rather than a parser (TypeScript 7's compiler API is a
 * separate process and unstable; no new dependency): it skips comments, strings, template
 * literals and regular expressions, so `import` in any of them is not an import. Static imports
 * and re-exports may stand only at the top level of a module; the lexer does not understand JSX
 * text, where a stray quote is taken as the start of a string, but a quoted string ends at the
 * end of its line, so that costs at most the rest of that line of markup.
 */

export type ImportKind = 'value' | 'type';

export type ImportRef = {
  specifier: string;
  /** `type` for `import type`, `export type … from` and `import('…')` in a type. */
  kind: ImportKind;
};

type Token = {
  kind: 'name' | 'string' | 'number' | 'punct' | 'template' | 'regex';
  value: string;
};

/** After these words a `/` starts a regular expression, not a division. */
const EXPRESSION_KEYWORDS = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

const isNameStart = (char: string) => /[A-Za-z_$\u0080-\uffff]/.test(char);
const isNamePart = (char: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(char);

/** Whether a `/` after `previous` begins a regular expression. */
function slashStartsRegex(previous: Token | undefined): boolean {
  if (previous === undefined) return true;
  switch (previous.kind) {
    case 'name':
      return EXPRESSION_KEYWORDS.has(previous.value);
    case 'punct':
      // `)` `]` end an operand; `}` mostly ends a JSX attribute (`{x} />`) or a block; `<` is a
      // JSX closing tag (`</div>`).
      return ![')', ']', '}', '<'].includes(previous.value);
    default:
      return false;
  }
}

/** The tokens of a TypeScript source that matter for its imports; comments are dropped. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // One entry per open `{`: true when it is a template literal's `${`.
  const braces: boolean[] = [];
  let i = 0;
  const length = source.length;

  /** Reads a template literal from i (just past a backtick or a `}` closing a `${`). */
  const readTemplate = () => {
    let text = '';
    while (i < length) {
      const char = source[i];
      if (char === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (char === '`') {
        i++;
        tokens.push({ kind: 'template', value: text });
        return;
      } else if (char === '$' && source[i + 1] === '{') {
        i += 2;
        braces.push(true);
        tokens.push({ kind: 'punct', value: '${' });
        return;
      } else {
        text += char;
        i++;
      }
    }
    tokens.push({ kind: 'template', value: text });
  };

  while (i < length) {
    const char = source[i] ?? '';
    const next = source[i + 1];
    if (/\s/.test(char)) {
      i++;
    } else if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? length : end + 2;
    } else if (char === "'" || char === '"') {
      // A quoted string cannot span lines: stopping at one bounds the harm of a quote that is
      // not a string's (an apostrophe in JSX text).
      let value = '';
      i++;
      while (i < length && source[i] !== char && source[i] !== '\n') {
        if (source[i] === '\\') {
          value += source[i + 1] ?? '';
          i += 2;
        } else {
          value += source[i];
          i++;
        }
      }
      i++;
      tokens.push({ kind: 'string', value });
    } else if (char === '`') {
      i++;
      readTemplate();
    } else if (char === '/' && slashStartsRegex(tokens.at(-1))) {
      let inClass = false;
      i++;
      while (i < length && source[i] !== '\n') {
        const c = source[i];
        if (c === '\\') i++;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < length && isNamePart(source[i] ?? '')) i++;
      tokens.push({ kind: 'regex', value: '' });
    } else if (isNameStart(char)) {
      const start = i;
      while (i < length && isNamePart(source[i] ?? '')) i++;
      tokens.push({ kind: 'name', value: source.slice(start, i) });
    } else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(next ?? ''))) {
      const start = i;
      while (i < length && /[0-9A-Za-z_.]/.test(source[i] ?? '')) i++;
      tokens.push({ kind: 'number', value: source.slice(start, i) });
    } else if (char === '{') {
      braces.push(false);
      tokens.push({ kind: 'punct', value: char });
      i++;
    } else if (char === '}') {
      i++;
      if (braces.pop() === true) readTemplate();
      else tokens.push({ kind: 'punct', value: char });
    } else if (char === '?' && next === '.' && !/[0-9]/.test(source[i + 2] ?? '')) {
      tokens.push({ kind: 'punct', value: '?.' });
      i += 2;
    } else {
      tokens.push({ kind: 'punct', value: char });
      i++;
    }
  }
  return tokens;
}

const isPunct = (token: Token | undefined, value: string) =>
  token?.kind === 'punct' && token.value === value;
const isName = (token: Token | undefined, value?: string) =>
  token?.kind === 'name' && (value === undefined || token.value === value);

/**
 * The specifier of an import or re-export clause starting at `start` (`{ a, type b as c }`,
 * `* as ns`, `x, { y }`), or null when what follows is not one (`export const`, `{ import: 1 }`).
 */
function clauseSpecifier(tokens: Token[], start: number): string | null {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) return null;
    if (depth === 0 && isName(token, 'from') && tokens[i + 1]?.kind === 'string') {
      return tokens[i + 1]?.value ?? null;
    }
    if (isPunct(token, '{')) depth++;
    else if (isPunct(token, '}')) {
      depth--;
      if (depth < 0) return null;
    } else if (token.kind === 'string') {
      if (depth === 0) return null;
    } else if (!(token.kind === 'name' || isPunct(token, ',') || isPunct(token, '*'))) {
      return null;
    }
  }
  return null;
}

/** Every module a TypeScript source imports or re-exports from, in order, as written. */
export function importsOf(source: string): ImportRef[] {
  const tokens = tokenize(source);
  const refs: ImportRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const previous = tokens[i - 1];
    if (token?.kind !== 'name' || isPunct(previous, '.') || isPunct(previous, '?.')) continue;
    const next = tokens[i + 1];
    const after = tokens[i + 2];

    if (token.value === 'import') {
      if (isPunct(next, '(')) {
        // `import('…')`: counted only in a type (`typeof import('…')`, `import('…').Name`).
        if (after?.kind !== 'string' || !isPunct(tokens[i + 3], ')')) continue;
        const member = isPunct(tokens[i + 4], '.') ? tokens[i + 5] : undefined;
        const inType =
          isName(previous, 'typeof') ||
          (isName(member) && !['then', 'catch', 'finally'].includes(member?.value ?? ''));
        if (inType) refs.push({ specifier: after.value, kind: 'type' });
        continue;
      }
      if (next?.kind === 'string') {
        refs.push({ specifier: next.value, kind: 'value' });
        continue;
      }
      // `import type X …` is type-only; `import type from '…'` and `import type, { … }` import a
      // value named `type`.
      const typeOnly =
        isName(next, 'type') &&
        !isPunct(after, ',') &&
        !(isName(after, 'from') && tokens[i + 3]?.kind === 'string');
      const kind: ImportKind = typeOnly ? 'type' : 'value';
      // `import x = require('…')`, `import type x = require('…')`
      const equals = isPunct(tokens[i + 2], '=') ? i + 2 : isPunct(tokens[i + 3], '=') ? i + 3 : -1;
      const required = tokens[equals + 3];
      if (
        equals !== -1 &&
        isName(tokens[equals + 1], 'require') &&
        isPunct(tokens[equals + 2], '(') &&
        required?.kind === 'string'
      ) {
        refs.push({ specifier: required.value, kind });
        continue;
      }
      const specifier = clauseSpecifier(tokens, i + 1);
      if (specifier !== null) refs.push({ specifier, kind });
    } else if (token.value === 'export') {
      const typeOnly = isName(next, 'type') && (isPunct(after, '{') || isPunct(after, '*'));
      const clauseStart = typeOnly ? i + 2 : i + 1;
      if (!isPunct(tokens[clauseStart], '{') && !isPunct(tokens[clauseStart], '*')) continue;
      const specifier = clauseSpecifier(tokens, clauseStart);
      if (specifier !== null) refs.push({ specifier, kind: typeOnly ? 'type' : 'value' });
    }
  }
  return refs;
}

/** `a/b/../c` -> `a/c`, for the repository-relative, `/`-separated paths of the graph. */
function normalize(file: string): string {
  const parts: string[] = [];
  for (const part of file.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/**
 * The file a relative specifier names, as TypeScript's `bundler` resolution finds it: as written
 * (`./x.ts`, `./x.tsx`), a `.js` written for its `.ts`, extensionless, or a folder's index. Null
 * for a package, a file that is not TypeScript (`.json`, `.css`) or one that does not exist.
 */
export function resolveImport(
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const bare = specifier.replace(/[?#].*$/, '');
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const target = normalize(`${dir}/${bare}`);
  const candidates = [
    target,
    target.replace(/\.(m|c)?js$/, '.$1ts'),
    target.replace(/\.jsx$/, '.tsx'),
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ];
  for (const candidate of candidates) {
    if (/\.(m|c)?tsx?$/.test(candidate) && exists(candidate)) return candidate;
  }
  return null;
}

/** The import graph: each file, and the files it imports, with how. */
export type ImportGraph = Map<string, Map<string, ImportKind>>;

/**
 * The graph of `files` (repository-relative path -> source). An edge is a resolved relative import
 * between two of them; where a file imports another both ways, `value` wins.
 */
export function importGraph(files: ReadonlyMap<string, string>): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, source] of files) {
    const edges = new Map<string, ImportKind>();
    for (const ref of importsOf(source)) {
      const target = resolveImport(file, ref.specifier, (candidate) => files.has(candidate));
      if (target === null || target === file) continue;
      if (edges.get(target) !== 'value') edges.set(target, ref.kind);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
function tangles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;

  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)?.keys() ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };

  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The shortest way from `start` back to itself inside `members` (breadth first). */
function shortestCycle(graph: ImportGraph, start: string, members: Set<string>): string[] | null {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const file = queue[head] ?? '';
    for (const target of [...(graph.get(file)?.keys() ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path: string[] = [];
        for (let step: string | undefined = file; step !== start && step !== undefined; ) {
          path.unshift(step);
          step = cameFrom.get(step);
        }
        return [start, ...path, start];
      }
      if (!cameFrom.has(target) && target !== start) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

/**
 * The import cycles of a graph, each as a chain that ends where it starts
 * (`[a, b, a]`): for every file caught in one, the shortest cycle through it, without repeats.
 * None when the graph has no cycle.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const component of tangles(graph)) {
    const members = new Set(component);
    for (const file of component) {
      const cycle = shortestCycle(graph, file, members);
      if (cycle === null) continue;
      // The same cycle seen from another of its files: compare from its smallest file.
      const ring = cycle.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0] ?? '');
      const key = [...ring.slice(first), ...ring.slice(0, first)].join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(cycle);
    }
  }
  return cycles;
}

/**
 * `a.ts -> b.ts -> a.ts`, and below it the links that import only types, which Biome's
 * `noImportCycles` would not have followed by default.
 */
export function describeCycle(graph: ImportGraph, cycle: readonly string[]): string {
  const typeOnly: string[] = [];
  for (let i = 1; i < cycle.length; i++) {
    const from = cycle[i - 1] ?? '';
    const to = cycle[i] ?? '';
    if (graph.get(from)?.get(to) === 'type') typeOnly.push(`${from} -> ${to}`);
  }
  const chain = cycle.join(' -> ');
  return typeOnly.length === 0 ? chain : `${chain}\n  (types only: ${typeOnly.join(', ')})`;
}
