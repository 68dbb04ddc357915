import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ERRORS, type ErrorCode } from '../../shared/errors.ts';
import { AppError } from './app-error.ts';
import { bodyCacheOf } from './http.ts';

type Target = 'json' | 'query' | 'param';

export const INPUT_MESSAGES = {
  notJson: 'Send the request body as a JSON object with Content-Type: application/json.',
  unstorableText: 'Text cannot contain NUL characters (\\u0000) or unpaired UTF-16 surrogates.',
} as const;

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
/** NUL, or a surrogate without its pair: PostgreSQL refuses the first, UTF-8 cannot hold the second. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE, 'g');

function invalid(message: string, path = ''): AppError {
  return new AppError('VALIDATION_ERROR', { message, details: [{ path, message }] });
}

/**
 * Every JSON body of the API is an object: anything else (wrong content-type, no or empty body,
 * invalid JSON, an array or a scalar) is the sender's mistake, a 400, never a 500.
 */
async function readJsonObject(c: Context): Promise<void> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw invalid(INPUT_MESSAGES.notJson);
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw invalid(INPUT_MESSAGES.notJson);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(INPUT_MESSAGES.notJson);
  }
  // The validator's own `c.req.json()` then takes this, not a second parse through a Response.
  bodyCacheOf(c).json = Promise.resolve(value);
}

type Node = { value: unknown; key: string; parent: Node | undefined };

function pathOf(node: Node | undefined): string {
  const keys: string[] = [];
  for (let n = node; n?.parent; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
}

/**
 * The path of the first string (or object key) in `value` that PostgreSQL cannot store, if any.
 * Iterative, with parent links: a deeply nested body must neither overflow the stack nor copy
 * its path at every level.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: Node[] = [{ value, key: '', parent: undefined }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return pathOf(node);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], key: String(i), parent: node });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const entry = { value: child, key, parent: node };
        // Named without the bad characters, so the error body stays printable.
        if (UNSTORABLE.test(key))
          return pathOf({ ...entry, key: key.replace(UNSTORABLE_ALL, '\ufffd') });
        stack.push(entry);
      }
    }
  }
  return undefined;
}

/**
 * Validates one part of the request with a shared zod schema. Failure is a 400 with the
 * schema's own (spec) message and the field issues; the handler never runs. Before the schema,
 * a JSON body must be a well-formed object and no input may hold text PostgreSQL cannot store.
 */
export function validate<T extends z.ZodType>(
  target: Target,
  schema: T,
  /**
   * A catalogue code for a field, e.g. `{ password: 'WEAK_PASSWORD' }` (docs/spec.md §8), used when
   * that field fails first with exactly that code's message.
   */
  fieldCodes: Record<string, ErrorCode> = {},
  options: {
    /** A JSON body that may be left out entirely (`{ reason? }`): none reads as `{}`. */
    optionalBody?: boolean;
    /**
     * A query string many requests repeat (the search, decision 060): its valid values are kept
     * by the raw query string, at most `keepQueries` of them. The schema must be pure (its
     * answer depends on the string alone, not on the time or the caller); a kept value is
     * frozen, so no handler can change what the next request is given. Failures are not kept.
     */
    keepQueries?: number;
  } = {},
) {
  const parse = (value: unknown): z.output<T> => {
    const unstorable = findUnstorableText(value);
    if (unstorable !== undefined) throw invalid(INPUT_MESSAGES.unstorableText, unstorable);
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    const fieldCode = first ? fieldCodes[first.path] : undefined;
    const code = fieldCode && ERRORS[fieldCode].message === first?.message ? fieldCode : undefined;
    throw new AppError(code ?? 'VALIDATION_ERROR', {
      message: first?.message ?? 'The request is not valid.',
      details: issues,
    });
  };
  const check = validator(target, parse);
  if (target === 'query' && options.keepQueries) {
    // It adds the very data `check` adds: to hono's types, it is `check`.
    return keptQueries(parse, options.keepQueries) as unknown as typeof check;
  }
  if (target !== 'json') return check;
  const checkJson: typeof check = async (c, next) => {
    // No content type: no body was sent (the validator then reads `{}`).
    const empty = options.optionalBody && c.req.header('content-type') === undefined;
    if (!empty) await readJsonObject(c);
    return check(c, next);
  };
  return checkJson;
}

/**
 * `validate('query', …)` with its valid values kept by raw query string (`keepQueries`). A miss
 * reads the query as hono's validator does (one value, or a list when a key repeats) and parses
 * it the same way; a hit skips both.
 */
function keptQueries(parse: (value: unknown) => unknown, max: number): MiddlewareHandler {
  const kept = new Map<string, object>();
  return async (c, next) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    const raw = at < 0 ? '' : url.slice(at + 1);
    let value = kept.get(raw);
    if (value === undefined) {
      const query = Object.fromEntries(
        Object.entries(c.req.queries()).map(([key, values]) =>
          values.length === 1 ? [key, values[0]] : [key, values],
        ),
      );
      value = deepFreeze(parse(query) as object);
      if (kept.size >= max) {
        const oldest = kept.keys().next().value;
        if (oldest !== undefined) kept.delete(oldest);
      }
      kept.set(raw, value);
    }
    c.req.addValidatedData('query', value);
    await next();
  };
}

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
