import { sql } from 'drizzle-orm';
import {
  SEARCH_STATS_RECENT_DAYS,
  SUGGESTIONS_MIN_TERM_LENGTH,
} from '../../../shared/constants.ts';
import {
  type Conversation,
  type ConversationStats,
  MESSAGING_MESSAGES,
  type Participant,
} from '../../../shared/schemas/messaging.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import type { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import type { conversations } from '../../db/schema/messaging.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoTime } from '../../lib/time.ts';
import { visibleListing } from '../listings/listings.service.ts';
import { conversationFor } from './conversation-access.ts';
import { addressExact, likePattern, listingContext, participant } from './conversation-list.ts';
import type { MessagingCtx } from './messages.service.ts';

type Ctx = Pick<MessagingCtx, 'db' | 'user'>;

type ConversationColumns = typeof conversations.$inferSelect;

export { conversationListings, listConversations } from './conversation-list.ts';

/** A conversation's detail row (the joined parts null when absent). */
type DetailRow = RawRow<
  Pick<
    ConversationColumns,
    'id' | 'listingId' | 'createdAt' | 'updatedAt' | 'participant1Id' | 'participant2Id'
  >
> & {
  other_id: ConversationColumns['participant1Id'];
  other_name: (typeof users.$inferSelect)['name'] | null;
  other_role: Participant['role'];
  /** The other participant deleted their account (decision 039). */
  other_deleted: boolean;
  listing_title: (typeof listings.$inferSelect)['title'] | null;
  listing_address: (typeof listings.$inferSelect)['address'];
  listing_address_exact: boolean | null;
};

async function conversationDetail(db: Db, conversationId: string, userId: string) {
  const result = await db.execute<DetailRow>(sql`
    select c.id, c.participant1_id, c.participant2_id, c.listing_id, c.created_at, c.updated_at,
      u.id as other_id, u.name as other_name, u.user_type as other_role,
      u.deleted_at is not null as other_deleted,
      l.title as listing_title, l.address as listing_address, ${addressExact(userId)}
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
 * `POST /api/conversations`: the pair's one conversation, made on demand (docs/spec.md §4).
 * Race-safe: the unique pair makes concurrent calls meet on one row. Opening it from a listing
 * makes that listing its context.
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

/** `GET /api/conversations/stats`: totals, and activity over the last 7 days (docs/spec.md §9). */
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
