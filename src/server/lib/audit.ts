import type { AuditAction } from '../../shared/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { adminAuditLog } from '../db/schema/moderation.ts';

/*
 * The admin audit log (issue 15, decision 034): one row per admin action that changed
 * something, written in the action's own transaction, so the record and the change commit or
 * roll back together. Shared by every module where an admin acts.
 */

export type AuditTarget = 'user' | 'listing' | 'report' | 'conversation';

export type AuditRecord = {
  actorId: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  /** The target as a person would name it at the time (a name, a title). */
  targetLabel: string;
  details?: Record<string, unknown>;
};

export async function recordAudit(db: Pick<Db, 'insert'>, entry: AuditRecord): Promise<void> {
  await db.insert(adminAuditLog).values({ ...entry, details: entry.details ?? {} });
}
