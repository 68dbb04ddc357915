import { type SQL, sql } from 'drizzle-orm';
import {
  SEARCH_STATS_RECENT_DAYS,
  SUGGESTIONS_MIN_TERM_LENGTH,
} from '../../../shared/constants.ts';
import { DELETED_USER, UNKNOWN_USER } from '../../../shared/messaging.ts';
import {
  type Conversation,
  type ConversationFilter,
  type ConversationStats,
  type ConversationSummary,
  MESSAGING_MESSAGES,
  type Participant,
} from '../../../shared/schemas/messaging.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import type { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import type { conversations, messages } from '../../db/schema/messaging.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoTime } from '../../lib/time.ts';
import { visibleListing } from '../listings/listings.service.ts';
import { conversationFor, type MessagingCtx } from './messages.service.ts';

type Ctx = Pick<MessagingCtx, 'db' | 'user'>;

type ConversationColumns = typeof conversations.$inferSelect;
type MessageColumns = typeof messages.$inferSelect;

/** A conversation summary row, typed from the schema (the joined parts null when absent). */
type SummaryRow = RawRow<
  Pick<ConversationColumns, 'id' | 'listingId' | 'createdAt' | 'updatedAt'>
> & {
  other_id: ConversationColumns['participant1Id'];
  other_name: (typeof users.$inferSelect)['name'] | null;
  other_role: Participant['role'];
  /** The other participant deleted their account (decision 039). */
  other_deleted: boolean;
  listing_title: (typeof listings.$inferSelect)['title'] | null;
  listing_address: (typeof listings.$inferSelect)['address'];
  unread_count: number;
  last_id: MessageColumns['id'] | null;
  last_content: MessageColumns['content'] | null;
  last_sender_id: MessageColumns['senderId'] | null;
  /** Timestamps as text (lib/time.ts). */
  last_at: string | null;
  last_read_at: string | null;
};

function participant(
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

function listingContext(row: SummaryRow) {
  return row.listing_id && row.listing_title !== null
    ? { id: row.listing_id, title: row.listing_title, address: row.listing_address }
    : null;
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
            isRead: row.last_sender_id === userId || row.last_read_at !== null,
          }
        : null,
    unreadCount: row.unread_count,
    listingContext: listingContext(row),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<ConversationFilter['sort'], SQL> = {
  newest: sql`s.updated_at desc, s.id desc`,
  oldest: sql`s.updated_at asc, s.id asc`,
  unread_first: sql`s.unread_count desc, s.updated_at desc, s.id desc`,
};

/**
 * The user's conversation summaries (spec §3), filtered and sorted. A conversation whose other
 * participant has no profile is skipped (the inner join).
 */
export async function listConversations({
  ctx: {
    db,
    user: { id: userId },
  },
  input: filter = {},
}: {
  ctx: Ctx;
  input?: Partial<ConversationFilter> & { updatedSince?: Date };
}): Promise<ConversationSummary[]> {
  const conditions: SQL[] = [];
  if (filter.showUnreadOnly) conditions.push(sql`s.unread_count > 0`);
  if (filter.participantRole) conditions.push(sql`s.other_role = ${filter.participantRole}`);
  if (filter.updatedSince) {
    conditions.push(sql`s.updated_at >= ${filter.updatedSince.toISOString()}::timestamptz`);
  }
  if (filter.listingId) {
    conditions.push(sql`(s.listing_id = ${filter.listingId} or exists (
      select 1 from messages lm where lm.conversation_id = s.id and lm.listing_id = ${filter.listingId}))`);
  }
  if (filter.searchTerm) {
    const like = likePattern(filter.searchTerm);
    conditions.push(sql`(s.other_name ilike ${like} or s.listing_title ilike ${like}
      or s.listing_address ilike ${like} or exists (
        select 1 from messages sm where sm.conversation_id = s.id
          and sm.content ilike ${like}))`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute<SummaryRow>(sql`
    with mine as (
      select id, listing_id, created_at, updated_at, participant2_id as other_id
      from conversations where participant1_id = ${userId}
      union all
      select id, listing_id, created_at, updated_at, participant1_id as other_id
      from conversations where participant2_id = ${userId}
    ), unread as (
      select conversation_id, count(*)::int as n from messages
      where receiver_id = ${userId} and receiver_read_at is null
      group by conversation_id
    ), s as (
      select mine.*, u.name as other_name, u.user_type as other_role,
        u.deleted_at is not null as other_deleted, l.title as listing_title, l.address as listing_address,
        coalesce(unread.n, 0) as unread_count
      from mine
      join users u on u.id = mine.other_id
      left join listings l on l.id = mine.listing_id
      left join unread on unread.conversation_id = mine.id
    )
    select s.*, last.id as last_id, last.content as last_content, last.created_at as last_at,
      last.sender_id as last_sender_id, last.receiver_read_at as last_read_at
    from s
    left join lateral (
      select id, content, created_at, sender_id, receiver_read_at from messages
      where conversation_id = s.id order by created_at desc, id desc limit 1
    ) last on true
    ${where}
    order by ${ORDER[filter.sort ?? 'newest']}`);
  return result.rows.map((row) => toSummary(row, userId));
}

async function conversationDetail(db: Db, conversationId: string, userId: string) {
  const result = await db.execute<
    SummaryRow & RawRow<Pick<ConversationColumns, 'participant1Id' | 'participant2Id'>>
  >(sql`
    select c.id, c.participant1_id, c.participant2_id, c.listing_id, c.created_at, c.updated_at,
      u.id as other_id, u.name as other_name, u.user_type as other_role,
      u.deleted_at is not null as other_deleted, l.title as listing_title, l.address as listing_address
    from conversations c
    join users u on u.id = case when c.participant1_id = ${userId}
      then c.participant2_id else c.participant1_id end
    left join listings l on l.id = c.listing_id
    where c.id = ${conversationId}`);
  const row = result.rows[0];
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return {
    id: row.id,
    participant1Id: row.participant1_id,
    participant2Id: row.participant2_id,
    listingId: row.listing_id,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    otherParticipant: participant(row),
    listingContext: listingContext(row),
  } satisfies Conversation;
}

/** `GET /api/conversations/{id}`. */
export async function getConversation({
  ctx: {
    db,
    user: { id: userId },
  },
  input: { conversationId },
}: {
  ctx: Ctx;
  input: { conversationId: string };
}): Promise<Conversation> {
  await conversationFor(db, conversationId, userId, MESSAGING_MESSAGES.cannotAccess);
  return conversationDetail(db, conversationId, userId);
}

function createFailed(path: string, reason: string) {
  return new AppError('VALIDATION_ERROR', {
    message: MESSAGING_MESSAGES.createFailed,
    details: [{ path, message: reason }],
  });
}

/**
 * `POST /api/conversations`: the pair's one conversation, made on demand (spec §4). Race-safe:
 * the unique pair makes concurrent calls meet on one row. Opening it from a listing makes that
 * listing its context.
 */
export async function getOrCreateConversation({
  ctx: {
    db,
    user: { id: userId },
  },
  input,
}: {
  ctx: Ctx;
  input: { participantId: string; listingId?: string | undefined };
}): Promise<{ conversation: Conversation; created: boolean }> {
  if (input.participantId === userId) {
    throw createFailed('participantId', 'You cannot start a conversation with yourself.');
  }
  // A deleted account keeps its row for its old messages, but nobody starts a new conversation.
  const other = await db.execute(
    sql`select 1 from users where id = ${input.participantId} and deleted_at is null`,
  );
  if (other.rows.length === 0) throw createFailed('participantId', 'No such user.');
  if (input.listingId) {
    // The context must be a listing the caller may see (active, or their own) that belongs to
    // one of the two: nobody learns a hidden listing's title or pins a stranger's listing.
    const listing = await db.execute(sql`
      select 1 from ${listings}
      where ${listings.id} = ${input.listingId}
        and ${listings.landlordId} in (${userId}, ${input.participantId})
        and ${visibleListing(listings, userId)}`);
    if (listing.rows.length === 0) {
      throw new AppError('NOT_FOUND', {
        message: 'Listing not found',
        details: [{ path: 'listingId', message: 'Listing not found' }],
      });
    }
  }
  const [first, second] = [userId, input.participantId].sort();
  const result = await db.execute<Pick<ConversationColumns, 'id'> & { created: boolean }>(sql`
    insert into conversations (participant1_id, participant2_id, listing_id)
    values (${first}, ${second}, ${input.listingId ?? null})
    on conflict (participant1_id, participant2_id) do update
      set listing_id = coalesce(excluded.listing_id, conversations.listing_id)
    returning id, (xmax = 0) as created`);
  const row = result.rows[0];
  if (!row) throw new AppError('VALIDATION_ERROR', { message: MESSAGING_MESSAGES.createFailed });
  return { conversation: await conversationDetail(db, row.id, userId), created: row.created };
}

/** `GET /api/conversations/suggestions`: names and listings among the user's conversations. */
export async function conversationSuggestions({
  ctx: {
    db,
    user: { id: userId },
  },
  input: { term, limit },
}: {
  ctx: Ctx;
  input: { term: string; limit: number };
}) {
  if (term.length < SUGGESTIONS_MIN_TERM_LENGTH) return [];
  const like = likePattern(term);
  const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute<{
    kind: 'participant' | 'listing';
    value: string;
    conversation_id: string;
  }>(sql`
    with mine as (
      select id, listing_id, updated_at,
        case when participant1_id = ${userId} then participant2_id else participant1_id end as other_id
      from conversations where participant1_id = ${userId} or participant2_id = ${userId}
    ), candidates as (
      select 'participant' as kind, u.name as value, mine.id as conversation_id, mine.updated_at
      from mine join users u on u.id = mine.other_id where u.name ilike ${like}
      union all
      select 'listing', l.title, mine.id, mine.updated_at
      from mine join listings l on l.id = mine.listing_id where l.title ilike ${like}
    )
    select kind, value, conversation_id from (
      select distinct on (kind, lower(value)) kind, value, conversation_id, updated_at,
        (value ilike ${prefix}) as starts
      from candidates order by kind, lower(value), updated_at desc
    ) ranked
    order by starts desc, kind desc, updated_at desc
    limit ${limit}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    value: row.value,
    conversationId: row.conversation_id,
  }));
}

/** `GET /api/conversations/stats`: totals, and activity over the last 7 days (spec §9). */
export async function conversationStats({
  ctx: {
    db,
    user: { id: userId },
  },
}: {
  ctx: Ctx;
}): Promise<ConversationStats> {
  const days = SEARCH_STATS_RECENT_DAYS;
  const result = await db.execute<Omit<ConversationStats, 'windowDays'>>(sql`
    with mine as (
      select id, updated_at from conversations
      where participant1_id = ${userId} or participant2_id = ${userId}
    ), unread as (
      select conversation_id, count(*)::int as n from messages
      where receiver_id = ${userId} and receiver_read_at is null group by conversation_id
    )
    select
      (select count(*)::int from mine) as "totalConversations",
      (select count(*)::int from unread) as "unreadConversations",
      (select coalesce(sum(n), 0)::int from unread) as "totalUnread",
      (select count(*)::int from mine
        where updated_at >= now() - make_interval(days => ${days})) as "recentConversations",
      (select count(*)::int from messages m join mine on mine.id = m.conversation_id
        where m.sender_id = ${userId}
          and m.created_at >= now() - make_interval(days => ${days})) as "messagesSentRecently",
      (select count(*)::int from messages m join mine on mine.id = m.conversation_id
        where m.sender_id <> ${userId}
          and m.created_at >= now() - make_interval(days => ${days})) as "messagesReceivedRecently"`);
  const row = result.rows[0];
  if (!row) throw new AppError('INTERNAL');
  return { ...row, windowDays: days };
}

/** Days of conversations behind a landlord's response figures. */
export const RESPONSE_WINDOW_DAYS = 90;

export type ResponseFigures = {
  medianFirstReplyMinutes: number | null;
  replyRate: number | null;
};

/**
 * People's responsiveness over the last 90 days, from conversations the other person started
 * (their first message is the conversation's first): how many got a reply, and the median time
 * from that first message to the person's first message after it. Null when there were none.
 */
export async function responseFiguresOf({
  ctx: { db },
  input: { userIds },
}: {
  ctx: { db: Db };
  input: { userIds: string[] };
}): Promise<Map<string, ResponseFigures>> {
  const figures = new Map<string, ResponseFigures>(
    userIds.map((id) => [id, { medianFirstReplyMinutes: null, replyRate: null }]),
  );
  if (userIds.length === 0) return figures;
  const result = await db.execute<{
    user_id: string;
    asked: number;
    replied: number;
    median: number | null;
  }>(sql`
    select u.id as user_id, count(*)::int as asked, count(r.at)::int as replied,
      percentile_cont(0.5) within group (order by extract(epoch from r.at - f.at) / 60)
        filter (where r.at is not null) as median
    from unnest(${sql.param(userIds)}::uuid[]) as u(id)
    join conversations c on c.participant1_id = u.id or c.participant2_id = u.id
    cross join lateral (
      select m.sender_id, m.created_at as at from messages m
      where m.conversation_id = c.id order by m.created_at, m.id limit 1
    ) f
    left join lateral (
      select m.created_at as at from messages m
      where m.conversation_id = c.id and m.sender_id = u.id and m.created_at > f.at
      order by m.created_at limit 1
    ) r on true
    where f.sender_id <> u.id
      and f.at >= now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
    group by u.id`);
  for (const row of result.rows) {
    if (row.asked === 0) continue;
    figures.set(row.user_id, {
      medianFirstReplyMinutes: row.median === null ? null : Math.round(Number(row.median)),
      replyRate: row.replied / row.asked,
    });
  }
  return figures;
}

/** One person's response figures (see `responseFiguresOf`). */
export async function responseFigures({
  ctx,
  input: { userId },
}: {
  ctx: { db: Db };
  input: { userId: string };
}): Promise<ResponseFigures> {
  const figures = await responseFiguresOf({ ctx, input: { userIds: [userId] } });
  return figures.get(userId) ?? { medianFirstReplyMinutes: null, replyRate: null };
}
