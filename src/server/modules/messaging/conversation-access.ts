import { sql } from 'drizzle-orm';
import type { RawRow } from '../../db/raw.ts';
import type { conversations } from '../../db/schema/messaging.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Executor } from './message-rows.ts';

export type ConversationAccess = RawRow<
  Pick<typeof conversations.$inferSelect, 'id' | 'participant1Id' | 'participant2Id'>
>;

/**
 * The conversation, if `userId` is one of its two participants: 404 when it does not exist, 403
 * with the spec's message for the action when it is someone else's. `lock` holds the row until
 * commit (sends in one conversation run one at a time).
 */
export async function conversationFor(
  db: Executor,
  conversationId: string,
  userId: string,
  deniedMessage: string,
  lock = false,
): Promise<ConversationAccess & { other_id: string }> {
  const result = await db.execute<ConversationAccess>(sql`
    select id, participant1_id, participant2_id from conversations
    where id = ${conversationId} ${lock ? sql`for update` : sql``}`);
  const row = result.rows[0];
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  if (row.participant1_id !== userId && row.participant2_id !== userId) {
    throw new AppError('UNAUTHORIZED', { message: deniedMessage });
  }
  const other_id = row.participant1_id === userId ? row.participant2_id : row.participant1_id;
  return { ...row, other_id };
}
