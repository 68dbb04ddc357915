import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message } from '../../../shared/schemas/messaging.ts';
import type { Db } from '../../db/client.ts';
import { columns, type RawRow } from '../../db/raw.ts';
import { messages } from '../../db/schema/messaging.ts';
import { isoTime, isoTimeOrNull } from '../../lib/time.ts';

/** A transaction or the pool: both can run the messaging statements. */
export type Executor = Pick<Db, 'execute'>;

/** The columns every messaging statement selects of a message, and the row they give. */
const MESSAGE_KEYS = [
  'id',
  'conversationId',
  'senderId',
  'receiverId',
  'content',
  'listingId',
  'createdAt',
  'isEdited',
  'editedAt',
  'receiverReadAt',
] as const;

export type MessageRow = RawRow<Pick<typeof messages.$inferSelect, (typeof MESSAGE_KEYS)[number]>>;

export const MESSAGE_COLUMNS = columns(alias(messages, 'm'), MESSAGE_KEYS);

/** A message as `viewerId` sees it: their own count as read (docs/spec.md §4). */
export function toMessage(row: MessageRow, viewerId: string): Message {
  const own = row.sender_id === viewerId;
  const readByReceiverAt = isoTimeOrNull(row.receiver_read_at);
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    listingId: row.listing_id,
    createdAt: isoTime(row.created_at),
    isEdited: row.is_edited,
    editedAt: isoTimeOrNull(row.edited_at),
    isRead: own || readByReceiverAt !== null,
    readAt: own ? null : readByReceiverAt,
    readByReceiverAt,
  };
}

/** The one message `where` picks (`m` is the messages table), if any. */
export async function selectMessage(db: Executor, where: SQL): Promise<MessageRow | undefined> {
  const result = await db.execute<MessageRow>(
    sql`select ${MESSAGE_COLUMNS} from messages m where ${where}`,
  );
  return result.rows[0];
}
