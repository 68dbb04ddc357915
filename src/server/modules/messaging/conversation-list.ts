import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import { CONVERSATION_PREVIEW_LENGTH } from '../../../shared/constants.ts';
import { publicAddress } from '../../../shared/map-position.ts';
import { DELETED_USER, UNKNOWN_USER } from '../../../shared/messaging.ts';
import type {
  ConversationFilter,
  ConversationList,
  ConversationSummary,
  ListingContext,
  Participant,
} from '../../../shared/schemas/messaging.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import type { users } from '../../db/schema/auth.ts';
import type { listings } from '../../db/schema/listings.ts';
import type { conversations, messages } from '../../db/schema/messaging.ts';
import { streetWithoutNumber } from '../../lib/public-address-sql.ts';
import { isoTime } from '../../lib/time.ts';
import {
  type ConversationKey,
  decodeConversationCursor,
  encodeConversationCursor,
} from './conversation-cursor.ts';
import type { MessagingCtx } from './messages.service.ts';

type Ctx = Pick<MessagingCtx, 'db' | 'user'>;

type ConversationColumns = typeof conversations.$inferSelect;
type MessageColumns = typeof messages.$inferSelect;
type ListingColumns = typeof listings.$inferSelect;

/** A list row, typed from the schema (the joined parts null when absent). */
type SummaryRow = RawRow<Pick<ConversationColumns, 'id' | 'listingId' | 'updatedAt'>> & {
  other_id: ConversationColumns['participant1Id'];
  other_name: (typeof users.$inferSelect)['name'] | null;
  other_role: Participant['role'];
  /** The other participant deleted their account (decision 039). */
  other_deleted: boolean;
  listing_title: ListingColumns['title'] | null;
  listing_address: ListingColumns['address'];
  /** The viewer is the listing's landlord, or it shows its exact spot: the whole address. */
  listing_address_exact: boolean | null;
  unread_count: number;
  last_id: MessageColumns['id'] | null;
  /** The preview, already cut to CONVERSATION_PREVIEW_LENGTH characters. */
  last_content: MessageColumns['content'] | null;
  last_sender_id: MessageColumns['senderId'] | null;
  /** Timestamps as text (lib/time.ts). */
  last_at: string | null;
  last_read: boolean | null;
  /** The row's place in the snapshot's order: the cursor's key. */
  unread_key: number;
  at_key_text: string;
  as_of: string;
};

export function participant(
  row: Pick<SummaryRow, 'other_id' | 'other_name' | 'other_role' | 'other_deleted'>,
): Participant {
  if (row.other_deleted) {
    return { id: row.other_id, name: DELETED_USER, role: row.other_role, deleted: true };
  }
  return {
    id: row.other_id,
    name: row.other_name?.trim() || UNKNOWN_USER,
    role: row.other_role,
  };
}

/** The listing a conversation is about; the address as the listing page shows it to the viewer. */
export function listingContext(
  row: Pick<
    SummaryRow,
    'listing_id' | 'listing_title' | 'listing_address' | 'listing_address_exact'
  >,
): ListingContext | null {
  return row.listing_id && row.listing_title !== null
    ? {
        id: row.listing_id,
        title: row.listing_title,
        address: publicAddress(row.listing_address, row.listing_address_exact === true),
      }
    : null;
}

/** `listing_address_exact` for a viewer (`l` is the listing). */
export function addressExact(viewerId: string): SQL {
  return sql`(l.show_exact_location or l.landlord_id = ${viewerId}) as listing_address_exact`;
}

function toSummary(row: SummaryRow, userId: string): ConversationSummary {
  return {
    id: row.id,
    otherParticipant: participant(row),
    lastMessage:
      row.last_id && row.last_at && row.last_sender_id && row.last_content !== null
        ? {
            id: row.last_id,
            content: row.last_content,
            timestamp: isoTime(row.last_at),
            senderId: row.last_sender_id,
            isRead: row.last_sender_id === userId || row.last_read === true,
          }
        : null,
    unreadCount: row.unread_count,
    listingContext: listingContext(row),
    updatedAt: isoTime(row.updated_at),
  };
}

/**
 * The address of `listing` (an alias) as `viewerId` is shown it (`publicAddress`): the whole
 * address to its landlord or when it shows its exact spot, otherwise the street without its house
 * number. A search matches only this, so a hidden door cannot be found by guessing it. The unit
 * is never searched.
 */
export function shownAddress(listing: string, viewerId: string): SQL {
  const l = sql.raw(listing);
  return sql`case when ${l}.show_exact_location or ${l}.landlord_id = ${viewerId}
    then ${l}.address
    else ${streetWithoutNumber(sql`${l}.address`)} end`;
}

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
export function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Each sort's order (docs/spec.md §9) over the snapshot keys, and "comes after the cursor" in it.
 */
const ORDER: Record<ConversationFilter['sort'], { by: SQL; after: (k: ConversationKey) => SQL }> = {
  newest: {
    by: sql`s.at_key desc, s.id desc`,
    after: (k) => sql`(s.at_key, s.id) < (${k.at}::timestamptz, ${k.id}::uuid)`,
  },
  oldest: {
    by: sql`s.at_key asc, s.id asc`,
    after: (k) => sql`(s.at_key, s.id) > (${k.at}::timestamptz, ${k.id}::uuid)`,
  },
  unread_first: {
    by: sql`s.unread_key desc, s.at_key desc, s.id desc`,
    after: (k) =>
      sql`(s.unread_key, s.at_key, s.id) < (${k.unread}::int, ${k.at}::timestamptz, ${k.id}::uuid)`,
  },
};

export type ConversationPageInput = Partial<ConversationFilter> & {
  updatedSince?: Date;
  cursor?: string | undefined;
  limit: number;
};

/**
 * What each page row shows, from a `page` CTE of `limit + 1` conversations (id, listing_id,
 * updated_at, other_id, at_key): the name and role, listing, last message as a preview.
 */
function pageRows(asOf: SQL, order: SQL, unread: SQL, unreadJoin: SQL, viewerId: string): SQL {
  return sql`
    select s.id, s.listing_id, s.updated_at::text as updated_at, s.other_id,
      u.name as other_name, u.user_type as other_role, u.deleted_at is not null as other_deleted,
      ${unread}, s.at_key::text as at_key_text, ${asOf}::text as as_of,
      l.title as listing_title, l.address as listing_address, ${addressExact(viewerId)},
      last.id as last_id, last.preview as last_content, last.created_at::text as last_at,
      last.sender_id as last_sender_id, last.receiver_read_at is not null as last_read
    from page s
    join users u on u.id = s.other_id
    left join listings l on l.id = s.listing_id
    ${unreadJoin}
    left join lateral (
      select id, created_at, sender_id, receiver_read_at,
        case when char_length(content) > ${CONVERSATION_PREVIEW_LENGTH}
          then left(content, ${CONVERSATION_PREVIEW_LENGTH - 1}) || '…' else content end as preview
      from messages where conversation_id = s.id order by created_at desc, id desc limit 1
    ) last on true
    order by ${order}`;
}

/**
 * The inbox as most open it (newest or oldest, nothing filtered): walked in the participant
 * indexes' order from the cursor, so a page reads about `limit` conversations, not all of them.
 * Conversations touched after the snapshot are few; they are placed by their last message
 * before it, like in the general query, and merged in.
 */
function walkPageQuery(
  userId: string,
  limit: number,
  sort: 'newest' | 'oldest',
  asOf: SQL,
  key: ConversationKey | undefined,
): SQL {
  const dir = sort === 'newest' ? sql`desc` : sql`asc`;
  const order = ORDER[sort].by;
  const side = (mine: SQL, other: SQL) => {
    const range = key
      ? sql`and updated_at <= ${asOf} and ${
          sort === 'newest'
            ? sql`updated_at <= ${key.at}::timestamptz and (updated_at, id) < (${key.at}::timestamptz, ${key.id}::uuid)`
            : sql`updated_at >= ${key.at}::timestamptz and (updated_at, id) > (${key.at}::timestamptz, ${key.id}::uuid)`
        }`
      : sql``;
    return sql`(select id, listing_id, updated_at, ${other} as other_id, updated_at as at_key
      from conversations where ${mine} = ${userId} ${range}
      order by updated_at ${dir}, id ${dir} limit ${limit + 1})`;
  };
  const touched = key
    ? sql`union all
      select id, listing_id, updated_at,
        case when participant1_id = ${userId} then participant2_id else participant1_id end,
        coalesce((select max(km.created_at) from messages km
          where km.conversation_id = c.id and km.created_at <= ${asOf}), c.created_at)
      from conversations c
      where (participant1_id = ${userId} or participant2_id = ${userId})
        and updated_at > ${asOf} and created_at <= ${asOf}`
    : sql``;
  return sql`
    with page as (
      select * from (
        ${side(sql`participant1_id`, sql`participant2_id`)}
        union all
        ${side(sql`participant2_id`, sql`participant1_id`)}
        ${touched}
      ) s
      ${key ? sql`where ${ORDER[sort].after(key)}` : sql``}
      order by ${order}
      limit ${limit + 1}
    )
  ${pageRows(
    asOf,
    order,
    sql`coalesce(unread.n, 0) as unread_count, 0 as unread_key`,
    sql`left join lateral (
      select count(*)::int as n from messages
      where receiver_id = ${userId} and conversation_id = s.id and receiver_read_at is null
    ) unread on true`,
    userId,
  )}`;
}

/** The walks' statements: run by name (below). */
const WALKS = new WeakSet<SQL>();
const dialect = new PgDialect({ casing: 'snake_case' });
const statementNames = new Map<string, string>();

/**
 * A walk as a named statement, prepared once per connection: PostgreSQL's generic plan for it
 * (index walks and a limit, whoever the user) costs a third of planning it each time. The
 * other pages stay plain statements: their generic plan cost three times their custom one.
 */
async function runNamed<Row extends QueryResultRow>(db: Db, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `conversation-walk-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return db.$client.query<Row>({ name, text, values: params });
}

/** The SQL of one page (exported for the bench's EXPLAIN). */
export function conversationPageQuery(userId: string, input: ConversationPageInput): SQL {
  const sort = input.sort ?? 'newest';
  const key = input.cursor ? decodeConversationCursor(input.cursor, sort) : undefined;
  const asOf = key ? sql`${key.asOf}::timestamptz` : sql`statement_timestamp()`;
  const conditions: SQL[] = [];
  if (key) conditions.push(ORDER[sort].after(key));
  if (input.showUnreadOnly) conditions.push(sql`s.unread_key > 0`);
  if (input.participantRole) conditions.push(sql`u.user_type = ${input.participantRole}`);
  if (input.updatedSince) {
    conditions.push(sql`s.updated_at >= ${input.updatedSince.toISOString()}::timestamptz`);
  }
  if (input.listingId) {
    conditions.push(sql`(s.listing_id = ${input.listingId} or exists (
      select 1 from messages lm where lm.conversation_id = s.id and lm.listing_id = ${input.listingId}))`);
  }
  if (input.searchTerm) {
    const like = likePattern(input.searchTerm);
    conditions.push(sql`(u.name ilike ${like} or exists (
        select 1 from listings sl where sl.id = s.listing_id
          and (sl.title ilike ${like} or ${shownAddress('sl', userId)} ilike ${like}))
      or exists (select 1 from messages sm where sm.conversation_id = s.id
          and sm.content ilike ${like}))`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // The name only filters need before the limit; every page row gets it after.
  const named = input.participantRole || input.searchTerm;
  const order = ORDER[sort].by;
  // The first page is the snapshot: every conversation as it is. Later pages place one touched
  // since by its last message before the snapshot, and count only the unread it had then.
  const snapshotKeys = key
    ? sql`coalesce(unread.n_then, 0) as unread_key,
        case when mine.updated_at <= ${asOf} then mine.updated_at
          else coalesce((select max(km.created_at) from messages km
            where km.conversation_id = mine.id and km.created_at <= ${asOf}), mine.created_at)
        end as at_key`
    : sql`coalesce(unread.n, 0) as unread_key, mine.updated_at as at_key`;
  if (!named && !conditions.slice(key ? 1 : 0).length && sort !== 'unread_first') {
    const walk = walkPageQuery(userId, input.limit, sort, asOf, key);
    WALKS.add(walk);
    return walk;
  }
  return sql`
    with mine as (
      select id, listing_id, created_at, updated_at,
        case when participant1_id = ${userId} then participant2_id else participant1_id end as other_id
      from conversations
      where (participant1_id = ${userId} or participant2_id = ${userId})${
        key ? sql` and created_at <= ${asOf}` : sql``
      }
    ), unread as (
      select conversation_id, count(*)::int as n${
        key ? sql`, (count(*) filter (where created_at <= ${asOf}))::int as n_then` : sql``
      }
      from messages where receiver_id = ${userId} and receiver_read_at is null
      group by conversation_id
    ), s as (
      select mine.id, mine.listing_id, mine.updated_at, mine.other_id,
        coalesce(unread.n, 0) as unread_count, ${snapshotKeys}
      from mine left join unread on unread.conversation_id = mine.id
    ), page as (
      select s.* from s ${named ? sql`join users u on u.id = s.other_id` : sql``}
      ${where}
      order by ${order}
      limit ${input.limit + 1}
    )
  ${pageRows(asOf, order, sql`s.unread_count, s.unread_key`, sql``, userId)}`;
}

/**
 * One page of the user's conversation summaries (docs/spec.md §3), filtered and sorted, in one
 * query (decision 042). Every page orders the conversations as they were when the first page was
 * read (`asOf`): one that gets a message later keeps its place, so paging on meets each
 * conversation once. Only the page's rows get their last message, listing and name; the unread
 * counts are the current ones.
 */
export async function listConversations({
  ctx: { db, user },
  input,
}: {
  ctx: Ctx;
  input: ConversationPageInput;
}): Promise<ConversationList> {
  const sort = input.sort ?? 'newest';
  const query = conversationPageQuery(user.id, input);
  const result = WALKS.has(query)
    ? await runNamed<SummaryRow>(db, query)
    : await db.execute<SummaryRow>(query);
  const rows = result.rows.slice(0, input.limit);
  const last = rows.at(-1);
  const nextCursor =
    result.rows.length > input.limit && last
      ? encodeConversationCursor({
          sort,
          asOf: last.as_of,
          unread: last.unread_key,
          at: last.at_key_text,
          id: last.id,
        })
      : null;
  return { items: rows.map((row) => toSummary(row, user.id)), nextCursor };
}

/** `GET /api/conversations/listings`: the listings the user's conversations are about. */
export async function conversationListings({
  ctx: {
    db,
    user: { id: userId },
  },
}: {
  ctx: Ctx;
}): Promise<ListingContext[]> {
  const result = await db.execute<
    Pick<SummaryRow, 'listing_id' | 'listing_title' | 'listing_address' | 'listing_address_exact'>
  >(sql`
    select distinct l.id as listing_id, l.title as listing_title, l.address as listing_address,
      ${addressExact(userId)}
    from conversations c join listings l on l.id = c.listing_id
    where c.participant1_id = ${userId} or c.participant2_id = ${userId}`);
  return result.rows
    .map(listingContext)
    .filter((context): context is ListingContext => context !== null)
    .sort((a, b) => a.title.localeCompare(b.title));
}
