import type { QueryConfig } from 'pg';
import type { MessagePageQuery } from '../../../shared/schemas/messaging.ts';
import { sqlText } from '../../db/raw.ts';
import { MESSAGE_COLUMNS } from './message-rows.ts';

const PAGE_COLUMNS = sqlText(MESSAGE_COLUMNS);
/** The page statement per cursor shape (`before`, `after`), built once. */
const pageStatements = new Map<string, { name: string; text: string }>();

/**
 * `GET /api/conversations/{id}/messages` as one named statement (prepared once per connection:
 * the hot read of an open thread): the access check and the page in one round trip, the
 * conversation's row always, its messages only for a participant. $1 the conversation, $2 the
 * viewer, $3 limit + 1, $4 offset, then the `before` and `after` ids when given.
 */
export function messagePageStatement(
  conversationId: string,
  userId: string,
  query: MessagePageQuery,
): QueryConfig {
  const shape = `${query.before === undefined ? '' : 'before'}-${query.after === undefined ? '' : 'after'}`;
  let statement = pageStatements.get(shape);
  if (!statement) {
    const boundary = (n: number) =>
      `(select created_at, id from messages where id = $${n} and conversation_id = $1)`;
    let where = 'm.conversation_id = $1';
    let n = 5;
    if (query.before !== undefined) where += ` and (m.created_at, m.id) < ${boundary(n++)}`;
    if (query.after !== undefined) where += ` and (m.created_at, m.id) > ${boundary(n++)}`;
    const order = readsForwards(query)
      ? 'm.created_at asc, m.id asc'
      : 'm.created_at desc, m.id desc';
    statement = {
      name: `message-page-${shape}`,
      text: `select c.participant1_id, c.participant2_id, page.* from conversations c
        left join lateral (
          select ${PAGE_COLUMNS} from messages m
          where ${where} and $2::uuid in (c.participant1_id, c.participant2_id)
          order by ${order} limit $3 offset $4
        ) page on true
        where c.id = $1`,
    };
    pageStatements.set(shape, statement);
  }
  const cursors = [query.before, query.after].filter((id) => id !== undefined);
  return {
    ...statement,
    values: [conversationId, userId, query.limit + 1, query.offset, ...cursors],
  };
}

/** After a cursor a page reads forwards; otherwise the newest page, read backwards then reversed. */
export function readsForwards(query: MessagePageQuery) {
  return query.after !== undefined && query.before === undefined;
}
