import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntry } from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import { users } from '../../db/schema/auth.ts';
import { adminAuditLog } from '../../db/schema/moderation.ts';
import { beforeCursor, keysetPage } from '../../lib/keyset.ts';
import { isoTime } from '../../lib/time.ts';

/* The admin audit log as the admin reads it (rows are written with lib/audit.ts). */

const a = alias(adminAuditLog, 'a');
const u = alias(users, 'u');

type AuditRow = RawRow<
  Pick<
    typeof adminAuditLog.$inferSelect,
    'id' | 'action' | 'targetType' | 'targetId' | 'targetLabel' | 'details' | 'createdAt'
  >
> & { actor: AuditEntry['actor'] };

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor: row.actor,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    details: row.details,
    createdAt: isoTime(row.created_at),
  };
}

/** `GET /api/admin/audit`: newest first. The actor may since have been deleted. */
export async function listAudit({
  ctx: { db },
  input: { cursor, limit },
}: {
  ctx: { db: Pick<Db, 'execute'> };
  input: { cursor?: string; limit: number };
}) {
  const result = await db.execute<AuditRow>(sql`
    select ${a.id}, ${a.action}, ${a.targetType}, ${a.targetId}, ${a.targetLabel}, ${a.details},
      ${a.createdAt},
      json_build_object('id', ${a.actorId}, 'name', coalesce(${u.name}, 'Deleted account'),
        'email', coalesce(${u.email}, '')) as actor
    from ${adminAuditLog} a left join ${users} u on ${u.id} = ${a.actorId}
    where ${beforeCursor(sql`${a.createdAt}`, sql`${a.id}`, cursor)}
    order by ${a.createdAt} desc, ${a.id} desc
    limit ${limit + 1}`);
  return keysetPage(result.rows, limit, (row) => ({ at: row.created_at, id: row.id }), toEntry);
}
