import { sql } from 'drizzle-orm';
import { MESSAGING_MESSAGES } from '../../../shared/schemas/messaging.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The other side deleted their account (decision 039): the thread stays readable for the one
 * left, but nobody can reply into it (409 with a clear message; the web shows no composer).
 */
export async function refuseDeletedReceiver(
  tx: Pick<Db, 'execute'>,
  receiverId: string,
): Promise<void> {
  const result = await tx.execute(
    sql`select 1 from ${users} where ${users.id} = ${receiverId} and ${users.deletedAt} is not null`,
  );
  if (result.rows.length > 0) {
    throw new AppError('CONFLICT', { message: MESSAGING_MESSAGES.recipientDeleted });
  }
}
