import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminListing } from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/raw.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { reports } from '../../db/schema/moderation.ts';
import { AppError } from '../../lib/app-error.ts';
import { beforeCursor, containsPattern, keysetPage } from '../../lib/keyset.ts';
import { isoTime, isoTimeOrNull } from '../../lib/time.ts';
import { LISTING_NOT_FOUND } from '../listings/listings.service.ts';

/* Listings as the admin sees them: every status, with their landlord and open reports. */

type Executor = Pick<Db, 'execute'>;

const l = alias(listings, 'l');
const u = alias(users, 'u');
const r = alias(reports, 'r');

type ListingRow = RawRow<
  Pick<
    typeof listings.$inferSelect,
    'id' | 'title' | 'address' | 'status' | 'featured' | 'unpublishedAt' | 'createdAt'
  >
> & { landlord: AdminListing['landlord']; open_reports: number };

function selectListings(where: SQL, tail: SQL): SQL {
  return sql`
    select ${l.id}, ${l.title}, ${l.address}, ${l.status}, ${l.featured}, ${l.unpublishedAt},
      ${l.createdAt},
      json_build_object('id', ${u.id}, 'name', ${u.name}, 'email', ${u.email}) as landlord,
      (select count(*)::int from ${reports} r
        where ${r.listingId} = ${l.id} and ${r.status} = 'open') as open_reports
    from ${listings} l join ${users} u on ${u.id} = ${l.landlordId}
    where ${where} ${tail}`;
}

function toAdminListing(row: ListingRow): AdminListing {
  return {
    id: row.id,
    title: row.title,
    address: row.address,
    status: row.status,
    featured: row.featured,
    unpublishedAt: isoTimeOrNull(row.unpublished_at),
    landlord: row.landlord,
    openReports: row.open_reports,
    createdAt: isoTime(row.created_at),
  };
}

/** `GET /api/admin/listings?q=`: title, address or landlord (name, email) containing `q`. */
export async function listListings(
  db: Executor,
  { q, cursor, limit }: { q?: string; cursor?: string; limit: number },
) {
  const pattern = q ? containsPattern(q) : undefined;
  const matches = pattern
    ? sql`(${l.title} ilike ${pattern} or ${l.address} ilike ${pattern}
        or ${u.name} ilike ${pattern} or ${u.email} ilike ${pattern})`
    : sql`true`;
  const where = sql`${matches} and ${beforeCursor(sql`${l.createdAt}`, sql`${l.id}`, cursor)}`;
  const result = await db.execute<ListingRow>(
    selectListings(where, sql`order by ${l.createdAt} desc, ${l.id} desc limit ${limit + 1}`),
  );
  return keysetPage(
    result.rows,
    limit,
    (row) => ({ at: row.created_at, id: row.id }),
    toAdminListing,
  );
}

export async function readAdminListing(db: Executor, listingId: string): Promise<AdminListing> {
  const result = await db.execute<ListingRow>(selectListings(sql`${l.id} = ${listingId}`, sql``));
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND', { message: LISTING_NOT_FOUND });
  return toAdminListing(row);
}
