import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type Application,
  type ApplicationStatus,
  type ApplyInput,
  OPEN_APPLICATION_STATUSES,
} from '../../../shared/schemas/applications.ts';
import type { InviteInput } from '../../../shared/schemas/households.ts';
import { applicationEvents, applications } from '../../db/schema/applications.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset.ts';
import type { UserCtx } from '../../lib/service.ts';
import { transactionWithEvents } from '../events/events.service.ts';
import {
  type ApplicationsCtx,
  applicationChanged,
  applicationNotFound,
  changedAndMailed,
  ownApplication,
  recordTimeline,
  viewerOf,
} from './application-access.ts';
import { applicationPageStatement, PAGE_SIZE, type PageQuery } from './application-page.ts';
import { attachDocuments, completeProfile, ownDocuments } from './application-requirements.ts';
import { readApplicationSettings } from './application-settings.service.ts';
import { type ApplicationRow, readApplication, toApplications } from './application-view.ts';
import { inviteMembers } from './household-invitations.ts';

/*
 * Sending an application and reading it (issues 28, 29). Each change is one transaction that
 * also writes the timeline and publishes `application.changed` to everyone on it.
 */

const notTaking = () =>
  new AppError('CONFLICT', { message: 'This listing is not taking applications.' });

/**
 * `POST /api/listings/{id}/applications`: the profile and the chosen documents, copied as they
 * are now, sent to the listing. A repeated idempotency key answers the first application.
 */
export async function applyToListing({
  ctx,
  input: { listingId, apply },
}: {
  ctx: ApplicationsCtx;
  input: { listingId: string; apply: ApplyInput };
}): Promise<{ application: Application; created: boolean }> {
  const { user } = ctx;
  return transactionWithEvents(ctx, async (tx) => {
    // One renter's applies to one listing run one at a time: a replay or a second open
    // application is seen, never raced.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`apply:${user.id}:${listingId}`}, 0))`,
    );
    const [replay] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.renterId, user.id),
          eq(applications.idempotencyKey, apply.idempotencyKey),
        ),
      );
    if (replay) {
      const application = await readApplication(tx, replay.id, viewerOf(user));
      if (!application) throw applicationNotFound();
      return { application, created: false };
    }
    const [listing] = await tx
      .select({
        landlordId: listings.landlordId,
        status: listings.status,
        rent: listings.rentCents,
        title: listings.title,
      })
      .from(listings)
      .where(eq(listings.id, listingId));
    // A draft is nobody's business but its landlord's; a rented or archived listing was public.
    if (!listing || listing.status === 'draft') throw new AppError('NOT_FOUND');
    if (listing.status !== 'active' || listing.rent === null) throw notTaking();
    const criteria = await readApplicationSettings(tx, listingId);
    if (!criteria.acceptingApplications) throw notTaking();
    const [open] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.listingId, listingId),
          eq(applications.renterId, user.id),
          inArray(applications.status, [...OPEN_APPLICATION_STATUSES]),
        ),
      );
    if (open) throw new AppError('APPLICATION_EXISTS');

    const documents = await ownDocuments(tx, user.id, apply.documentIds);
    const profile = await completeProfile(tx, user.id, documents, criteria);
    const invites: InviteInput[] = [
      ...(apply.coApplicants ?? []).map((email) => ({ email, role: 'co_applicant' as const })),
      ...(apply.guarantor ? [{ email: apply.guarantor, role: 'guarantor' as const }] : []),
    ];
    const household = invites.length > 0;
    const [row] = await tx
      .insert(applications)
      .values({
        listingId,
        renterId: user.id,
        landlordId: listing.landlordId,
        // With anyone invited, the landlord sees it only once they have all joined.
        status: household ? 'awaiting_household' : 'submitted',
        shownToLandlord: !household,
        profile,
        criteria,
        rentCents: listing.rent,
        message: apply.message || null,
        moveInDate: apply.moveInDate ?? profile.moveInDate ?? null,
        idempotencyKey: apply.idempotencyKey,
      })
      .returning({ id: applications.id });
    if (!row) throw new AppError('INTERNAL');
    await attachDocuments(tx, { applicationId: row.id, documents, order: apply.documentIds });
    if (household) {
      await inviteMembers(tx, ctx, {
        applicationId: row.id,
        listingTitle: listing.title,
        inviter: profile.legalName ?? user.name,
        invites,
      });
    } else {
      await recordTimeline(tx, row.id, 'submitted', 'renter');
    }
    const application = await changedAndMailed(tx, ctx, { id: row.id, kind: 'submitted' });
    return { application, created: true };
  });
}

/**
 * `GET /api/applications`: a renter's own, newest first, or those on a landlord's listings,
 * oldest first (the queue a landlord works through). Admins have none to see.
 */
export async function listApplications({
  ctx: { db, user },
  input,
}: {
  ctx: UserCtx;
  input: { listingId?: string; status?: ApplicationStatus; cursor?: string };
}): Promise<{ items: Application[]; nextCursor: string | null }> {
  const query: PageQuery = {
    side: user.userType === 'landlord' ? 'landlord' : 'renter',
    listingId: input.listingId,
    status: input.status,
    after: input.cursor ? decodeCursor(input.cursor) : undefined,
  };
  const { rows } = await db.$client.query<ApplicationRow>(applicationPageStatement(user.id, query));
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > PAGE_SIZE && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null;
  return { items: toApplications(page, viewerOf(user)), nextCursor };
}

/**
 * `GET /api/applications/{id}`, for everyone on it and the listing's landlord. The landlord's first
 * look goes on the renter's timeline ("viewed by the landlord").
 */
export async function getApplication({
  ctx,
  input: { id },
}: {
  ctx: ApplicationsCtx;
  input: { id: string };
}): Promise<{ application: Application }> {
  const own = await ownApplication(ctx.db, ctx.user, id);
  if (own.side === 'landlord') {
    const [seen] = await ctx.db
      .select({ id: applicationEvents.id })
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, id), eq(applicationEvents.kind, 'viewed')))
      .limit(1);
    if (!seen) {
      return transactionWithEvents(ctx, async (tx) => {
        await tx.execute(sql`select 1 from applications where id = ${id} for update`);
        const [again] = await tx
          .select({ id: applicationEvents.id })
          .from(applicationEvents)
          .where(and(eq(applicationEvents.applicationId, id), eq(applicationEvents.kind, 'viewed')))
          .limit(1);
        if (!again) await recordTimeline(tx, id, 'viewed', 'landlord');
        return { application: await applicationChanged(tx, id, viewerOf(ctx.user)) };
      });
    }
  }
  const application = await readApplication(ctx.db, id, viewerOf(ctx.user));
  if (!application) throw applicationNotFound();
  return { application };
}

/** `POST /api/applications/{id}/withdraw`: the renter takes back an open application. */
export async function withdrawApplication({
  ctx,
  input: { id },
}: {
  ctx: ApplicationsCtx;
  input: { id: string };
}): Promise<{ application: Application }> {
  return transactionWithEvents(ctx, async (tx) => {
    const own = await ownApplication(tx, ctx.user, id, { lockFor: 'renter' });
    if (!(OPEN_APPLICATION_STATUSES as readonly string[]).includes(own.status)) {
      throw new AppError('APPLICATION_STATE');
    }
    const now = new Date();
    await tx
      .update(applications)
      .set({ status: 'withdrawn', updatedAt: now, closedAt: now })
      .where(eq(applications.id, id));
    await recordTimeline(tx, id, 'withdrawn', 'renter');
    return { application: await changedAndMailed(tx, ctx, { id, kind: 'withdrawn' }) };
  });
}
