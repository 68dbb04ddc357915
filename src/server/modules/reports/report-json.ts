import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Report } from '../../../shared/schemas/reports.ts';
import type { RawRow } from '../../db/raw.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { conversations } from '../../db/schema/messaging.ts';
import { reports } from '../../db/schema/moderation.ts';
import { isoTime, isoTimeOrNull } from '../../lib/time.ts';

/* A report as the admin reads it (ReportSchema): reporter, and its subject as it is now. */

const r = alias(reports, 'r');
const reporter = alias(users, 'ru');
const l = alias(listings, 'l');
const c = alias(conversations, 'c');
const p1 = alias(users, 'p1');
const p2 = alias(users, 'p2');

export type ReportRow = RawRow<
  Pick<
    typeof reports.$inferSelect,
    | 'id'
    | 'reason'
    | 'details'
    | 'status'
    | 'resolution'
    | 'resolutionNote'
    | 'createdAt'
    | 'resolvedAt'
    | 'conversationId'
  >
> & {
  reporter: Report['reporter'];
  subject: Report['subject'];
  /** The subject's label for the audit log: a listing's title, a conversation's two names. */
  label: string;
};

/** `select … from reports r …` with the joins the JSON needs; add `where` and `order by`. */
export function selectReports(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select ${r.id}, ${r.reason}, ${r.details}, ${r.status}, ${r.resolution},
      ${r.resolutionNote}, ${r.createdAt}, ${r.resolvedAt}, ${r.conversationId},
      json_build_object('id', ${reporter.id}, 'name', ${reporter.name}, 'email', ${reporter.email})
        as reporter,
      case when ${r.listingId} is not null then
        json_build_object('kind', 'listing', 'listingId', ${l.id}, 'title', ${l.title},
          'status', ${l.status}, 'landlordId', ${l.landlordId})
      else
        json_build_object('kind', 'conversation', 'conversationId', ${c.id}, 'participants',
          json_build_array(json_build_object('id', ${p1.id}, 'name', ${p1.name}),
            json_build_object('id', ${p2.id}, 'name', ${p2.name})))
      end as subject,
      coalesce(${l.title}, ${p1.name} || ' and ' || ${p2.name}) as label
    from ${reports} r
    join ${users} ru on ${reporter.id} = ${r.reporterId}
    left join ${listings} l on ${l.id} = ${r.listingId}
    left join ${conversations} c on ${c.id} = ${r.conversationId}
    left join ${users} p1 on ${p1.id} = ${c.participant1Id}
    left join ${users} p2 on ${p2.id} = ${c.participant2Id}
    where ${where} ${tail}`;
}

/** The alias `selectReports` reads reports through, for its `where`. */
export const reportAlias = r;

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    reason: row.reason as Report['reason'],
    details: row.details,
    status: row.status as Report['status'],
    resolution: row.resolution as Report['resolution'],
    resolutionNote: row.resolution_note,
    reporter: row.reporter,
    subject: row.subject,
    createdAt: isoTime(row.created_at),
    resolvedAt: isoTimeOrNull(row.resolved_at),
  };
}
