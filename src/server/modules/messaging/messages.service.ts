import { sql } from 'drizzle-orm';
import {
  MESSAGING_MESSAGES,
  type Message,
  type MessagePage,
  type MessagePageQuery,
  type UnreadCount,
} from '../../../shared/schemas/messaging.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx } from '../../lib/service.ts';
import { isoTime } from '../../lib/time.ts';
import {
  type EventBus,
  type EventsTransaction,
  type NewEvent,
  publishEvents,
  transactionWithEvents,
} from '../events/events.service.ts';
import { type ConversationAccess, conversationFor } from './conversation-access.ts';
import { refuseDeletedReceiver } from './deleted-participant.ts';
import { cleanMessageContent } from './message-content.ts';
import { messagePageStatement, readsForwards } from './message-page-statement.ts';
import {
  type Executor,
  MESSAGE_COLUMNS,
  type MessageRow,
  selectMessage,
  toMessage,
} from './message-rows.ts';
import { countSend } from './send-limit.ts';

export type MessagingCtx = UserCtx<{ events: EventBus; sendLimitPerMinute: number }>;

/** docs/spec.md §3 "Unread counts": messages to the user not yet read, per conversation. */
export async function unreadCounts(db: Executor, userId: string): Promise<UnreadCount> {
  const result = await db.execute<{ conversation_id: string; n: number }>(sql`
    select conversation_id, count(*)::int as n from messages
    where receiver_id = ${userId} and receiver_read_at is null
    group by conversation_id`);
  const byConversation: Record<string, number> = {};
  let total = 0;
  for (const row of result.rows) {
    byConversation[row.conversation_id] = row.n;
    total += row.n;
  }
  return { total, byConversation };
}

/** `GET /api/messages/unread-count`. */
export function countUnread({ ctx }: { ctx: Pick<MessagingCtx, 'db' | 'user'> }) {
  return unreadCounts(ctx.db, ctx.user.id);
}

/** `GET /api/conversations/{id}/messages`: one page, oldest first. */
export async function messagePage({
  ctx: {
    db,
    user: { id: userId },
  },
  input: { conversationId, ...query },
}: {
  ctx: Pick<MessagingCtx, 'db' | 'user'>;
  input: MessagePageQuery & { conversationId: string };
}): Promise<MessagePage> {
  const result = await db.$client.query<
    Omit<ConversationAccess, 'id'> & { [K in keyof MessageRow]: MessageRow[K] | null }
  >(messagePageStatement(conversationId, userId, query));
  const access = result.rows[0];
  if (!access) throw new AppError('CONVERSATION_NOT_FOUND');
  if (access.participant1_id !== userId && access.participant2_id !== userId) {
    throw new AppError('UNAUTHORIZED', { message: MESSAGING_MESSAGES.cannotView });
  }
  const found = result.rows.filter((row): row is typeof row & MessageRow => row.id !== null);
  const rows = found.slice(0, query.limit);
  const more = found.length > query.limit;
  const forwards = readsForwards(query);
  if (!forwards) rows.reverse();
  const items = rows.map((row) => toMessage(row, userId));
  return { items, nextCursor: !forwards && more ? (items[0]?.id ?? null) : null };
}

/** Most messages a moderator's transcript shows (the latest ones). */
export const TRANSCRIPT_LIMIT = 1_000;

/**
 * A reported conversation for an admin (issue 15): that conversation's messages and no other,
 * oldest first, as someone outside it sees them. The caller checks the role and audits the read.
 */
export async function conversationTranscript({
  ctx: { db },
  input: { conversationId, viewerId },
}: {
  ctx: { db: Executor };
  input: { conversationId: string; viewerId: string };
}): Promise<Message[]> {
  const result = await db.execute<MessageRow>(sql`
    select * from (
      select ${MESSAGE_COLUMNS} from messages m where m.conversation_id = ${conversationId}
      order by m.created_at desc, m.id desc limit ${TRANSCRIPT_LIMIT}
    ) latest order by created_at, id`);
  return result.rows.map((row) => toMessage(row, viewerId));
}

async function listingExists(db: Executor, listingId: string) {
  const result = await db.execute(
    sql`select 1 from listings where id = ${listingId} and status <> 'draft'`,
  );
  return result.rows.length > 0;
}

/**
 * `POST /api/conversations/{id}/messages`. A retry with the same idempotency key returns the first
 * message (`created: false`) and counts against no limit. The conversation row is locked, so
 * concurrent sends into it (and retries of one send) run one at a time.
 */
export async function sendMessage({
  ctx: {
    db,
    events,
    sendLimitPerMinute,
    user: { id: userId },
  },
  input: { conversationId, ...input },
}: {
  ctx: MessagingCtx;
  input: {
    conversationId: string;
    content: string;
    listingId?: string | undefined;
    idempotencyKey: string;
  };
}): Promise<{ message: Message; created: boolean }> {
  const content = cleanMessageContent(input.content);
  if (input.listingId && !(await listingExists(db, input.listingId))) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Listing not found',
      details: [{ path: 'listingId', message: 'Listing not found' }],
    });
  }
  const outcome = await transactionWithEvents({ db, events }, async (tx) => {
    const conversation = await conversationFor(
      tx,
      conversationId,
      userId,
      MESSAGING_MESSAGES.cannotSend,
      true,
    );
    const earlier = await selectMessage(
      tx,
      sql`m.sender_id = ${userId} and m.idempotency_key = ${input.idempotencyKey}`,
    );
    if (earlier) {
      if (earlier.conversation_id !== conversationId) {
        throw new AppError('CONFLICT', {
          message: 'This idempotency key was already used for another message.',
        });
      }
      return { row: earlier, created: false };
    }
    await refuseDeletedReceiver(tx, conversation.other_id);
    await countSend(tx, userId, sendLimitPerMinute);
    const inserted = await tx.execute<MessageRow>(sql`
      with m as (
        insert into messages (conversation_id, sender_id, receiver_id, content, listing_id, idempotency_key)
        values (${conversationId}, ${userId}, ${conversation.other_id}, ${content},
          ${input.listingId ?? null}, ${input.idempotencyKey})
        returning *
      ), touched as (
        -- greatest: two sends at once commit in either order, and the later start must stand.
        update conversations set updated_at = greatest(updated_at, now()),
          listing_id = coalesce(${input.listingId ?? null}::uuid, listing_id)
        where id = ${conversationId}
      )
      select ${MESSAGE_COLUMNS} from m`);
    const row = inserted.rows[0];
    if (!row) throw new AppError('MESSAGE_SEND_FAILED');
    const receiver = conversation.other_id;
    await publishEvents(tx, [
      // The key lets the sender's browser replace exactly its pending message; it is theirs only.
      {
        userId,
        type: 'message.created',
        data: { message: toMessage(row, userId), idempotencyKey: input.idempotencyKey },
      },
      { userId: receiver, type: 'message.created', data: { message: toMessage(row, receiver) } },
      { userId: receiver, type: 'unread.changed', data: await unreadCounts(tx, receiver) },
    ]);
    return { row, created: true };
  });
  return { message: toMessage(outcome.row, userId), created: outcome.created };
}

/** `PATCH /api/messages/{id}`: only the sender edits; both sides hear of it. */
export async function editMessage({
  ctx: {
    db,
    events,
    user: { id: userId },
  },
  input: { messageId, content: rawContent },
}: {
  ctx: MessagingCtx;
  input: { messageId: string; content: string };
}): Promise<Message> {
  const content = cleanMessageContent(rawContent);
  const row = await transactionWithEvents({ db, events }, async (tx) => {
    const result = await tx.execute<
      MessageRow & { participant1_id: string; participant2_id: string }
    >(sql`
      select ${MESSAGE_COLUMNS}, c.participant1_id, c.participant2_id
      from messages m join conversations c on c.id = m.conversation_id
      where m.id = ${messageId} for update of m`);
    const current = result.rows[0];
    // Someone else's conversation: the message's existence is not theirs to learn.
    if (!current || (current.participant1_id !== userId && current.participant2_id !== userId)) {
      throw new AppError('NOT_FOUND', { message: 'Message not found' });
    }
    if (current.sender_id !== userId) {
      throw new AppError('UNAUTHORIZED', { message: MESSAGING_MESSAGES.cannotEdit });
    }
    if (current.content === content) return current as MessageRow;
    const updated = await tx.execute<MessageRow>(sql`
      update messages m set content = ${content}, is_edited = true, edited_at = now()
      where m.id = ${messageId} returning ${MESSAGE_COLUMNS}`);
    const updatedRow = updated.rows[0] as MessageRow;
    const viewers = [current.participant1_id, current.participant2_id];
    await publishEvents(
      tx,
      viewers.map(
        (viewer): NewEvent => ({
          userId: viewer,
          type: 'message.updated',
          data: { message: toMessage(updatedRow, viewer) },
        }),
      ),
    );
    return updatedRow;
  });
  return toMessage(row, userId);
}

/**
 * `POST /api/conversations/{id}/read`: every message from the other person becomes read, with a
 * read-status record each (docs/spec.md §3-§5). The sender gets a read receipt, the reader's other
 * tabs the same, and their unread counts.
 */
export async function markConversationRead({
  ctx: {
    db,
    events,
    user: { id: userId },
  },
  input: { conversationId },
}: {
  ctx: MessagingCtx;
  input: { conversationId: string };
}): Promise<{ marked: number; readAt: string | null }> {
  return transactionWithEvents({ db, events }, async (tx) => {
    const conversation = await conversationFor(
      tx,
      conversationId,
      userId,
      MESSAGING_MESSAGES.cannotMarkRead,
    );
    const result = await tx.execute<{ id: string; read_at: string }>(sql`
      with marked as (
        update messages set receiver_read_at = now()
        where conversation_id = ${conversationId} and receiver_id = ${userId}
          and sender_id <> ${userId} and receiver_read_at is null
        returning id, receiver_read_at
      ), recorded as (
        insert into message_read_status (message_id, user_id, read_at)
        select id, ${userId}, receiver_read_at from marked
        on conflict (message_id, user_id) do update set read_at = excluded.read_at
      )
      select id, receiver_read_at as read_at from marked`);
    if (result.rows.length === 0) return { marked: 0, readAt: null };
    const readAt = isoTime((result.rows[0] as { read_at: string }).read_at);
    const receipt = {
      conversationId,
      readerId: userId,
      messageIds: result.rows.map((row) => row.id),
      readAt,
    };
    await publishEvents(tx, [
      { userId: conversation.other_id, type: 'messages.read', data: receipt },
      { userId, type: 'messages.read', data: receipt },
      { userId, type: 'unread.changed', data: await unreadCounts(tx, userId) },
    ]);
    return { marked: result.rows.length, readAt };
  });
}

/**
 * An automatic note another module writes into the pair's conversation (a tour booked, moved or
 * cancelled, issue 13), inside the caller's transaction: the conversation is made on demand, the
 * note is sent as `senderId` with no send limit, and both sides hear of it live. The key makes a
 * repeat (a retried job) write nothing.
 */
export async function postAutomaticNote(
  tx: EventsTransaction,
  input: {
    senderId: string;
    receiverId: string;
    listingId: string;
    content: string;
    idempotencyKey: string;
  },
): Promise<void> {
  const content = cleanMessageContent(input.content);
  const [first, second] = [input.senderId, input.receiverId].sort();
  const inserted = await tx.execute<MessageRow>(sql`
    with c as (
      insert into conversations (participant1_id, participant2_id, listing_id)
      values (${first}, ${second}, ${input.listingId})
      on conflict (participant1_id, participant2_id) do update
        set listing_id = excluded.listing_id, updated_at = now()
      returning id
    ), m as (
      insert into messages (conversation_id, sender_id, receiver_id, content, listing_id, idempotency_key)
      select c.id, ${input.senderId}, ${input.receiverId}, ${content}, ${input.listingId},
        ${input.idempotencyKey}
      from c
      where not exists (select 1 from messages x
        where x.sender_id = ${input.senderId} and x.idempotency_key = ${input.idempotencyKey})
      returning *
    )
    select ${MESSAGE_COLUMNS} from m`);
  const row = inserted.rows[0];
  if (!row) return;
  await publishEvents(tx, [
    {
      userId: input.senderId,
      type: 'message.created',
      data: { message: toMessage(row, input.senderId) },
    },
    {
      userId: input.receiverId,
      type: 'message.created',
      data: { message: toMessage(row, input.receiverId) },
    },
    {
      userId: input.receiverId,
      type: 'unread.changed',
      data: await unreadCounts(tx, input.receiverId),
    },
  ]);
}
