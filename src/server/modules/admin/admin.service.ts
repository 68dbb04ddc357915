import { sql } from 'drizzle-orm';
import type { AdminOverview } from '../../../shared/schemas/admin.ts';
import type { Report } from '../../../shared/schemas/reports.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UserCtx } from '../../lib/service.ts';
import { type EventBus, endUserStreams, transactionWithEvents } from '../events/events.service.ts';
import {
  LISTING_NOT_FOUND,
  publicListing,
  restoreUnpublishedListing,
  setListingFeatured,
  unpublishListing,
} from '../listings/listings.service.ts';
import { conversationTranscript } from '../messaging/messages.service.ts';
import {
  resolveReport as closeReport,
  countReports,
  findReport,
  listReports,
  REPORT_NOT_FOUND,
} from '../reports/reports.service.ts';
import { listListings, readAdminListing } from './admin-listings.ts';
import {
  listUsers,
  lockUser,
  markRestored,
  markSuspended,
  readAdminUser,
  USER_NOT_FOUND,
} from './admin-users.ts';
import { listAudit } from './audit-log.ts';

/*
 * The admin's verbs (issue 15, decision 034). The routes allow admins only; `ctx.user` is the
 * admin. Every change writes its audit row in the change's own transaction, and a change that
 * changes nothing (suspending the suspended) writes none.
 */

export type AdminCtx = UserCtx<{ events: EventBus }>;

type Page = { q?: string; cursor?: string; limit: number };

export { listAudit };

/** What an unknown (or malformed) id answers, per kind of target. */
export const NOT_FOUND_MESSAGES = {
  user: USER_NOT_FOUND,
  listing: LISTING_NOT_FOUND,
  report: REPORT_NOT_FOUND,
} as const;

/** `GET /api/admin/overview`: counts straight from the tables. */
export async function adminOverview({ ctx }: { ctx: AdminCtx }): Promise<AdminOverview> {
  const result = await ctx.db.execute<Pick<AdminOverview, 'users' | 'listings'>>(sql`
    select
      (select json_build_object(
        'total', count(*)::int,
        'renters', count(*) filter (where ${users.userType} = 'renter')::int,
        'landlords', count(*) filter (where ${users.userType} = 'landlord')::int,
        'admins', count(*) filter (where ${users.userType} = 'admin')::int,
        'suspended', count(*) filter (where ${users.suspendedAt} is not null)::int)
      from ${users}) as users,
      (select json_build_object(
        'total', count(*)::int,
        'active', count(*) filter (where ${publicListing(listings)})::int,
        'draft', count(*) filter (where ${listings.status} = 'draft')::int,
        'unpublished', count(*) filter (where ${listings.unpublishedAt} is not null)::int,
        'featured', count(*) filter (where ${listings.featured} and ${publicListing(listings)})::int)
      from ${listings}) as listings`);
  const counts = result.rows[0];
  if (!counts) throw new AppError('INTERNAL');
  return { ...counts, reports: await countReports({ ctx }) };
}

export function adminUsers({ ctx, input }: { ctx: AdminCtx; input: Page }) {
  return listUsers(ctx.db, input);
}

export function adminListings({ ctx, input }: { ctx: AdminCtx; input: Page }) {
  return listListings(ctx.db, input);
}

/**
 * `POST /api/admin/users/{id}/suspend`: never an admin (themselves included). The user cannot
 * sign in and their sessions end in the same transaction. Again: nothing changes.
 */
export async function suspendUser({
  ctx,
  input: { userId, reason },
}: {
  ctx: AdminCtx;
  input: { userId: string; reason?: string };
}) {
  return ctx.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.id === ctx.user.id) {
      throw new AppError('CONFLICT', { message: 'You cannot suspend your own account.' });
    }
    if (target.userType === 'admin') {
      throw new AppError('CONFLICT', { message: 'An admin account cannot be suspended.' });
    }
    if (target.deletedAt !== null) {
      throw new AppError('CONFLICT', { message: 'This account was deleted by its owner.' });
    }
    if (target.suspendedAt === null) {
      const sessionsEnded = await markSuspended(tx, userId);
      await endUserStreams(tx, userId);
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'user.suspend',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${target.name} <${target.email}>`,
        details: { ...(reason ? { reason } : {}), sessionsEnded },
      });
    }
    return { user: await readAdminUser(tx, userId) };
  });
}

/** `POST /api/admin/users/{id}/restore`: they may sign in again. Not suspended: nothing. */
export async function restoreUser({
  ctx,
  input: { userId },
}: {
  ctx: AdminCtx;
  input: { userId: string };
}) {
  return ctx.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.suspendedAt !== null) {
      await markRestored(tx, userId);
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'user.restore',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${target.name} <${target.email}>`,
        details: { suspendedAt: target.suspendedAt.toISOString() },
      });
    }
    return { user: await readAdminUser(tx, userId) };
  });
}

type ListingAction = 'unpublish' | 'restore' | 'feature';

/** One admin change to a listing, through the listings module's verbs, with its audit row. */
async function moderateListing(
  ctx: AdminCtx,
  listingId: string,
  action: ListingAction,
  options: { reason?: string; featured?: boolean } = {},
) {
  return transactionWithEvents(ctx, async (tx) => {
    const input = { listingId };
    const result =
      action === 'unpublish'
        ? await unpublishListing({ ctx: { db: tx }, input })
        : action === 'restore'
          ? await restoreUnpublishedListing({ ctx: { db: tx }, input })
          : await setListingFeatured({
              ctx: { db: tx },
              input: { listingId, featured: options.featured ?? true },
            });
    if (result.changed) {
      const auditAction =
        action === 'feature'
          ? options.featured === false
            ? 'listing.unfeature'
            : 'listing.feature'
          : action === 'unpublish'
            ? 'listing.unpublish'
            : 'listing.restore';
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: auditAction,
        targetType: 'listing',
        targetId: listingId,
        targetLabel: result.title,
        details: {
          ...(options.reason ? { reason: options.reason } : {}),
          from: result.previousStatus,
          to: result.status,
        },
      });
    }
    return { listing: await readAdminListing(tx, listingId) };
  });
}

/** `POST /api/admin/listings/{id}/unpublish`: taken down everywhere; the landlord cannot republish. */
export function unpublishAdminListing({
  ctx,
  input: { listingId, reason },
}: {
  ctx: AdminCtx;
  input: { listingId: string; reason?: string };
}) {
  return moderateListing(ctx, listingId, 'unpublish', { reason });
}

/** `POST /api/admin/listings/{id}/restore`: back to the status it had. */
export function restoreAdminListing({
  ctx,
  input: { listingId },
}: {
  ctx: AdminCtx;
  input: { listingId: string };
}) {
  return moderateListing(ctx, listingId, 'restore');
}

/** `POST /api/admin/listings/{id}/feature`: `featured` true (only an active listing) or false. */
export function featureAdminListing({
  ctx,
  input: { listingId, featured },
}: {
  ctx: AdminCtx;
  input: { listingId: string; featured: boolean };
}) {
  return moderateListing(ctx, listingId, 'feature', { featured });
}

export function adminReports({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { status: Report['status']; cursor?: string; limit: number };
}) {
  return listReports({ ctx, input });
}

/**
 * `GET /api/admin/reports/{id}`: the report, and for a conversation that conversation's
 * messages only; reading them is recorded in the same transaction.
 */
export async function adminReport({
  ctx,
  input: { reportId },
}: {
  ctx: AdminCtx;
  input: { reportId: string };
}) {
  return ctx.db.transaction(async (tx) => {
    const { report, conversationId, label } = await findReport({
      ctx: { db: tx },
      input: { reportId },
    });
    if (conversationId === null) return { report };
    const messages = await conversationTranscript({
      ctx: { db: tx },
      input: { conversationId, viewerId: ctx.user.id },
    });
    await recordAudit(tx, {
      actorId: ctx.user.id,
      action: 'report.view-conversation',
      targetType: 'conversation',
      targetId: conversationId,
      targetLabel: label,
      details: { reportId, messages: messages.length },
    });
    return { report, messages };
  });
}

/** `POST /api/admin/reports/{id}/resolve`: dismissed or action-taken, once. */
export async function resolveAdminReport({
  ctx,
  input: { reportId, resolution, note },
}: {
  ctx: AdminCtx;
  input: { reportId: string; resolution: NonNullable<Report['resolution']>; note?: string };
}) {
  return ctx.db.transaction(async (tx) => {
    const { report, label } = await closeReport({
      ctx: { db: tx },
      input: { reportId, adminId: ctx.user.id, resolution, note },
    });
    await recordAudit(tx, {
      actorId: ctx.user.id,
      action: 'report.resolve',
      targetType: 'report',
      targetId: reportId,
      targetLabel: `${report.subject.kind === 'listing' ? 'Listing' : 'Conversation'}: ${label}`,
      details: { resolution, ...(note ? { note } : {}), reason: report.reason },
    });
    return { report };
  });
}
