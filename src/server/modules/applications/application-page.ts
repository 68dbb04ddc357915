import { sql } from 'drizzle-orm';
import type { QueryConfig } from 'pg';
import type { ApplicationStatus } from '../../../shared/schemas/applications.ts';
import { sqlText } from '../../db/raw.ts';
import { applications } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import type { decodeCursor } from '../../lib/keyset.ts';
import { applicationColumns } from './application-view.ts';

/*
 * `GET /api/applications` as one named statement per filter shape, prepared once per
 * connection: the landlord's queue is the hot read of issue 28 (bench/applications.ts). Built
 * from the same columns as every other view of an application (application-view.ts), so a
 * page's item is the application `GET /api/applications/{id}` answers.
 */

export type PageQuery = {
  side: 'renter' | 'landlord';
  listingId?: string;
  status?: ApplicationStatus;
  after?: ReturnType<typeof decodeCursor>;
};

/** `"applications"."id" as "id", …`: the view's columns under the row's own names. */
const SELECT_LIST = sqlText(
  sql.join(
    Object.entries(applicationColumns).map(
      ([key, column]) => sql`${column} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  ),
);
const FROM = sqlText(sql`from ${applications}
  inner join ${listings} on ${listings.id} = ${applications.listingId}
  inner join ${users} on ${users.id} = ${applications.renterId}`);
/** A renter's: those they applied with, and those they joined (issue 29). */
const SIDE = {
  renter: sqlText(sql`(${applications.renterId} = $1 or exists (select 1 from application_members m
    where m.application_id = ${applications.id} and m.user_id = $1))`),
  landlord: sqlText(sql`${applications.landlordId} = $1 and ${applications.shownToLandlord}`),
};
const LISTING = sqlText(sql`${applications.listingId}`);
const STATUS = sqlText(sql`${applications.status}`);
/** The keyset: the time a renter applied, ties in id order (the index's own order, 0029). */
const KEY = sqlText(sql`(${applications.submittedAt}, ${applications.id})`);
const SUBMITTED = sqlText(sql`${applications.submittedAt}`);
const ID = sqlText(sql`${applications.id}`);

export const PAGE_SIZE = 20;

const statements = new Map<string, { name: string; text: string }>();

/**
 * The page statement: $1 the viewer, then the listing, the status and the cursor's time and
 * id, each only when given; `PAGE_SIZE + 1` rows, the last only telling that there are more. A
 * landlord reads oldest first (the queue worked through), a renter newest first.
 */
export function applicationPageStatement(userId: string, query: PageQuery): QueryConfig {
  const shape = [
    query.side,
    query.listingId ? 'listing' : '',
    query.status ? 'status' : '',
    query.after ? 'after' : '',
  ].join('-');
  let statement = statements.get(shape);
  if (!statement) {
    const ascending = query.side === 'landlord';
    let n = 2;
    const where = [SIDE[query.side]];
    if (query.listingId) where.push(`${LISTING} = $${n++}`);
    if (query.status) where.push(`${STATUS} = $${n++}`);
    if (query.after) {
      where.push(`${KEY} ${ascending ? '>' : '<'} ($${n}::timestamptz, $${n + 1}::uuid)`);
    }
    const direction = ascending ? 'asc' : 'desc';
    // The limit is in the text, not a parameter: with `limit $n` PostgreSQL judged every custom
    // plan cheaper than a generic one and planned each execution again (half its CPU a page).
    statement = {
      name: `application-page-${shape}`,
      text: `select ${SELECT_LIST} ${FROM} where ${where.join(' and ')}
        order by ${SUBMITTED} ${direction}, ${ID} ${direction} limit ${PAGE_SIZE + 1}`,
    };
    statements.set(shape, statement);
  }
  const values: unknown[] = [userId];
  if (query.listingId) values.push(query.listingId);
  if (query.status) values.push(query.status);
  if (query.after) values.push(query.after.at, query.after.id);
  return { ...statement, values };
}
