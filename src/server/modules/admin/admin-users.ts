import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserType } from '../../../shared/constants.ts';
import type { AdminUser } from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { conversations } from '../../db/schema/messaging.ts';
import { reports } from '../../db/schema/moderation.ts';
import { AppError } from '../../lib/app-error.ts';
import { beforeCursor, containsPattern, keysetPage } from '../../lib/keyset.ts';
import { isoTime, isoTimeOrNull } from '../../lib/time.ts';

/* Users as the admin sees them, and suspension (decision 034). */

type Executor = Pick<Db, 'execute'>;

export const USER_NOT_FOUND = 'User not found.';

const u = alias(users, 'u');
const l = alias(listings, 'l');
const r = alias(reports, 'r');
const c = alias(conversations, 'c');

type UserRow = RawRow<
  Pick<
    typeof users.$inferSelect,
    'id' | 'name' | 'email' | 'userType' | 'createdAt' | 'suspendedAt' | 'deletedAt'
  >
> & { listing_count: number; open_reports: number };

/** Open reports about the user: of their listings, or of their conversations by the other side. */
function selectUsers(where: SQL, tail: SQL): SQL {
  return sql`
    select ${u.id}, ${u.name}, ${u.email}, ${u.userType}, ${u.createdAt}, ${u.suspendedAt},
      ${u.deletedAt},
      (select count(*)::int from ${listings} l where ${l.landlordId} = ${u.id}) as listing_count,
      (select count(*)::int from ${reports} r
        where ${r.status} = 'open' and ${r.reporterId} <> ${u.id} and (
          ${r.listingId} in (select ${l.id} from ${listings} l where ${l.landlordId} = ${u.id})
          or ${r.conversationId} in (select ${c.id} from ${conversations} c
            where ${c.participant1Id} = ${u.id} or ${c.participant2Id} = ${u.id}))
      ) as open_reports
    from ${users} u
    where ${where} ${tail}`;
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    userType: row.user_type as UserType,
    createdAt: isoTime(row.created_at),
    suspendedAt: isoTimeOrNull(row.suspended_at),
    deletedAt: isoTimeOrNull(row.deleted_at),
    listingCount: row.listing_count,
    openReports: row.open_reports,
  };
}

/** `GET /api/admin/users?q=`: name or email containing `q` (any case), newest first. */
export async function listUsers(
  db: Executor,
  { q, cursor, limit }: { q?: string; cursor?: string; limit: number },
) {
  const pattern = q ? containsPattern(q) : undefined;
  const matches = pattern
    ? sql`(${u.name} ilike ${pattern} or ${u.email} ilike ${pattern})`
    : sql`true`;
  const where = sql`${matches} and ${beforeCursor(sql`${u.createdAt}`, sql`${u.id}`, cursor)}`;
  const result = await db.execute<UserRow>(
    selectUsers(where, sql`order by ${u.createdAt} desc, ${u.id} desc limit ${limit + 1}`),
  );
  return keysetPage(result.rows, limit, (row) => ({ at: row.created_at, id: row.id }), toAdminUser);
}

export async function readAdminUser(db: Executor, userId: string): Promise<AdminUser> {
  const result = await db.execute<UserRow>(selectUsers(sql`${u.id} = ${userId}`, sql``));
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND', { message: USER_NOT_FOUND });
  return toAdminUser(row);
}

type Tx = Pick<Db, 'select' | 'update' | 'delete'>;

/** The user, locked until commit, for a change of their suspension. */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      userType: users.userType,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', { message: USER_NOT_FOUND });
  return row;
}

/** Marks the user suspended and ends every session they have (their next request is a 401). */
export async function markSuspended(tx: Tx, userId: string): Promise<number> {
  const now = new Date();
  await tx.update(users).set({ suspendedAt: now, updatedAt: now }).where(eq(users.id, userId));
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function markRestored(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
