import { type SQL, sql } from 'drizzle-orm';
import { AppError } from './app-error.ts';

/*
 * Keyset pages over `(created_at, id)`, newest first: the cursor is the last row's key, opaque
 * to clients. The time is PostgreSQL's own text for it (microseconds kept: a JavaScript Date
 * would round them away and repeat or skip rows that share a millisecond).
 */

type Key = { at: string; id: string };

const PG_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVALID_CURSOR = 'Invalid cursor.';

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function decodeCursor(raw: string): Key {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    PG_TIME.test(value[0]) &&
    UUID.test(value[1])
  ) {
    return { at: value[0], id: value[1] };
  }
  throw new AppError('VALIDATION_ERROR', {
    message: INVALID_CURSOR,
    details: [{ path: 'cursor', message: INVALID_CURSOR }],
  });
}

/** `(time, id) < cursor`, or true without one; `time` and `id` name the ordered columns. */
export function beforeCursor(time: SQL, id: SQL, cursor: string | undefined): SQL {
  if (cursor === undefined) return sql`true`;
  const key = decodeCursor(cursor);
  return sql`(${time}, ${id}) < (${key.at}::timestamptz, ${key.id}::uuid)`;
}

/**
 * The page out of `limit + 1` rows read, and the cursor of the next one when there is more.
 * `keyOf` reads a row's key as the database returned it.
 */
export function keysetPage<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => Key,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor?: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = page.map(toItem);
  return rows.length > limit && last ? { items, nextCursor: encodeCursor(keyOf(last)) } : { items };
}

/** A user's search text as an ILIKE pattern matching it anywhere, wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
