import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreateReportInput, Report } from '../../../shared/schemas/reports.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { conversations } from '../../db/schema/messaging.ts';
import { reports } from '../../db/schema/moderation.ts';
import { AppError } from '../../lib/app-error.ts';
import { beforeCursor, keysetPage } from '../../lib/keyset.ts';
import { REPORTS_LIMIT, takeRateLimit } from '../../lib/rate-limit.ts';
import type { UserCtx } from '../../lib/service.ts';
import { isoTime } from '../../lib/time.ts';
import { LISTING_NOT_FOUND, visibleListing } from '../listings/listings.service.ts';
import { type ReportRow, reportAlias as r, selectReports, toReport } from './report-json.ts';

/** A transaction or the pool. */
type Executor = Pick<Db, 'execute' | 'select' | 'insert'>;

export const REPORT_NOT_FOUND = 'Report not found.';

type CreatedReport = { id: string; status: Report['status']; createdAt: string };

/** The subject exists and the reporter may see it: a visible listing, or their own conversation. */
async function assertReportable(db: Executor, userId: string, input: CreateReportInput) {
  if (input.listingId !== undefined) {
    const l = alias(listings, 'l');
    const found = await db.execute<{ landlord_id: string }>(sql`
      select ${l.landlordId} from ${listings} l
      where ${l.id} = ${input.listingId} and ${visibleListing(l, userId)}`);
    const listing = found.rows[0];
    if (!listing) throw new AppError('NOT_FOUND', { message: LISTING_NOT_FOUND });
    if (listing.landlord_id === userId) {
      throw new AppError('CONFLICT', { message: 'You cannot report your own listing.' });
    }
    return;
  }
  const c = alias(conversations, 'c');
  const found = await db.execute(sql`
    select 1 from ${conversations} c where ${c.id} = ${input.conversationId}
      and (${c.participant1Id} = ${userId} or ${c.participant2Id} = ${userId})`);
  if (found.rows.length === 0) throw new AppError('CONVERSATION_NOT_FOUND');
}

async function openReportOf(db: Executor, userId: string, input: CreateReportInput) {
  const subject =
    input.listingId !== undefined
      ? sql`${r.listingId} = ${input.listingId}`
      : sql`${r.conversationId} = ${input.conversationId}`;
  const found = await db.execute<{ id: string; created_at: string }>(sql`
    select ${r.id}, ${r.createdAt} from ${reports} r
    where ${r.reporterId} = ${userId} and ${r.status} = 'open' and ${subject}`);
  return found.rows[0];
}

/**
 * `POST /api/reports`: a renter's or landlord's report of a listing or of one of their own
 * conversations. One open report per reporter and subject (a unique index): a repeat answers
 * the open one, `created: false`, and is not counted. A new report counts against the
 * reporter's REPORTS_PER_HOUR_MAX (429 past it), in the insert's transaction.
 */
export async function createReport({
  ctx: { db, user },
  input,
}: {
  ctx: UserCtx;
  input: CreateReportInput;
}): Promise<{ report: CreatedReport; created: boolean }> {
  await assertReportable(db, user.id, input);
  // Twice at most: the open report a conflict met may be resolved before it is read back.
  for (let attempt = 0; attempt < 2; attempt++) {
    const created = await db.transaction(async (tx) => {
      const inserted = await tx.execute<{ id: string; created_at: string }>(sql`
        insert into ${reports} (reporter_id, listing_id, conversation_id, reason, details)
        values (${user.id}, ${input.listingId ?? null}, ${input.conversationId ?? null},
          ${input.reason}, ${input.details ?? ''})
        on conflict do nothing
        returning id, created_at`);
      // Over the limit: the throw rolls the new report back.
      if (inserted.rows[0]) await takeRateLimit(tx, REPORTS_LIMIT, user.id);
      return inserted.rows[0];
    });
    const row = created ?? (await openReportOf(db, user.id, input));
    if (row) {
      const report = { id: row.id, status: 'open' as const, createdAt: isoTime(row.created_at) };
      return { report, created: created !== undefined };
    }
  }
  throw new AppError('INTERNAL');
}

/** The reports queue, newest first. */
export async function listReports({
  ctx: { db },
  input: { status, cursor, limit },
}: {
  ctx: { db: Executor };
  input: { status: Report['status']; cursor?: string; limit: number };
}) {
  const where = sql`${r.status} = ${status} and ${beforeCursor(sql`${r.createdAt}`, sql`${r.id}`, cursor)}`;
  const result = await db.execute<ReportRow>(
    selectReports(where, sql`order by ${r.createdAt} desc, ${r.id} desc limit ${limit + 1}`),
  );
  return keysetPage(result.rows, limit, (row) => ({ at: row.created_at, id: row.id }), toReport);
}

/** One report, with what the audit log calls its subject; `lock` holds it until commit. */
export async function findReport({
  ctx: { db },
  input: { reportId, lock = false },
}: {
  ctx: { db: Executor };
  input: { reportId: string; lock?: boolean };
}): Promise<{ report: Report; conversationId: string | null; label: string }> {
  const result = await db.execute<ReportRow>(
    selectReports(sql`${r.id} = ${reportId}`, lock ? sql`for update of r` : sql``),
  );
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND', { message: REPORT_NOT_FOUND });
  return { report: toReport(row), conversationId: row.conversation_id, label: row.label };
}

/** Closes an open report (409 when it is already resolved). Run it in the audit's transaction. */
export async function resolveReport({
  ctx: { db },
  input: { reportId, adminId, resolution, note },
}: {
  ctx: { db: Executor };
  input: {
    reportId: string;
    adminId: string;
    resolution: NonNullable<Report['resolution']>;
    note?: string;
  };
}) {
  const { report } = await findReport({ ctx: { db }, input: { reportId, lock: true } });
  if (report.status === 'resolved') {
    throw new AppError('CONFLICT', { message: 'This report has already been resolved.' });
  }
  await db.execute(sql`
    update ${reports} set status = 'resolved', resolution = ${resolution},
      resolution_note = ${note ?? null}, resolved_by = ${adminId}, resolved_at = now()
    where id = ${reportId}`);
  return findReport({ ctx: { db }, input: { reportId } });
}

/** How many reports are open and resolved (the admin overview). */
export async function countReports({ ctx: { db } }: { ctx: { db: Executor } }) {
  const result = await db.execute<{ open: number; resolved: number }>(sql`
    select count(*) filter (where ${reports.status} = 'open')::int as open,
      count(*) filter (where ${reports.status} = 'resolved')::int as resolved
    from ${reports}`);
  return result.rows[0] ?? { open: 0, resolved: 0 };
}
