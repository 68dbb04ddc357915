import { CONVERSATION_SORTS, type ConversationSort } from '../../../shared/schemas/messaging.ts';
import { AppError } from '../../lib/app-error.ts';
import { INVALID_CURSOR } from '../../lib/keyset.ts';

/*
 * The conversation list's cursor (decision 042). lib/keyset.ts pages one `(time, id)` order; the
 * list has three orders and pages a snapshot, so its key carries more: the sort it was made for,
 * the snapshot time of the first page, and the last row's (unread, time, id). Times are
 * PostgreSQL's own text (microseconds kept), opaque to clients.
 */

export type ConversationKey = {
  sort: ConversationSort;
  /** When the first page was read: later pages order every conversation as it was then. */
  asOf: string;
  unread: number;
  at: string;
  id: string;
};

const PG_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeConversationCursor(key: ConversationKey): string {
  const value = [1, key.sort, key.asOf, key.unread, key.at, key.id];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_ERROR', {
    message: INVALID_CURSOR,
    details: [{ path: 'cursor', message: INVALID_CURSOR }],
  });
}

/** The key in a cursor made for `sort`; anything else (forged, another sort's) is a 400. */
export function decodeConversationCursor(raw: string, sort: ConversationSort): ConversationKey {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== 6 || value[0] !== 1) throw invalidCursor();
  const [, cursorSort, asOf, unread, at, id] = value as unknown[];
  if (
    cursorSort !== sort ||
    !(CONVERSATION_SORTS as readonly unknown[]).includes(cursorSort) ||
    typeof asOf !== 'string' ||
    !PG_TIME.test(asOf) ||
    typeof unread !== 'number' ||
    !Number.isSafeInteger(unread) ||
    unread < 0 ||
    typeof at !== 'string' ||
    !PG_TIME.test(at) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  ) {
    throw invalidCursor();
  }
  return { sort, asOf, unread, at, id };
}
