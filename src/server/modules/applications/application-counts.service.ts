import { and, count, eq, or, sql } from 'drizzle-orm';
import {
  APPLICATION_STATUSES,
  type ApplicationCounts,
  type ApplicationStatus,
  type ApplicationStatusCounts,
  OPEN_APPLICATION_STATUSES,
} from '../../../shared/schemas/applications.ts';
import { applications } from '../../db/schema/applications.ts';
import type { UserCtx } from '../../lib/service.ts';

/*
 * How many applications there are, by status (and for a landlord by listing): what the
 * dashboards and the owner's listing page show without loading the applications themselves.
 */

const isOpen = (status: string) =>
  (OPEN_APPLICATION_STATUSES as readonly string[]).includes(status);

function noneByStatus(): ApplicationStatusCounts {
  return Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as ApplicationStatusCounts;
}

/**
 * `GET /api/applications/counts`: a renter's own and joined by status; a landlord's (on their listings) by
 * status and by listing. One grouped query either way (the landlord index, or the renter's).
 */
export async function countApplications({
  ctx: { db, user },
}: {
  ctx: UserCtx;
}): Promise<ApplicationCounts> {
  const byStatus = noneByStatus();
  if (user.userType !== 'landlord') {
    const rows = await db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(
        or(
          eq(applications.renterId, user.id),
          sql`exists (select 1 from application_members m
            where m.application_id = applications.id and m.user_id = ${user.id})`,
        ),
      )
      .groupBy(applications.status);
    for (const row of rows) byStatus[row.status as ApplicationStatus] += row.n;
    return { byStatus };
  }
  const rows = await db
    .select({ listingId: applications.listingId, status: applications.status, n: count() })
    .from(applications)
    .where(and(eq(applications.landlordId, user.id), eq(applications.shownToLandlord, true)))
    .groupBy(applications.listingId, applications.status);
  const byListing = new Map<string, { listingId: string; open: number; total: number }>();
  for (const row of rows) {
    byStatus[row.status as ApplicationStatus] += row.n;
    const listing = byListing.get(row.listingId) ?? { listingId: row.listingId, open: 0, total: 0 };
    listing.total += row.n;
    if (isOpen(row.status)) listing.open += row.n;
    byListing.set(row.listingId, listing);
  }
  return {
    byStatus,
    byListing: [...byListing.values()].sort((a, b) => a.listingId.localeCompare(b.listingId)),
  };
}
