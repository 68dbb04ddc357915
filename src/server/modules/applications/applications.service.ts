import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type Application,
  type ApplicationStatus,
  type ApplyInput,
  OPEN_APPLICATION_STATUSES,
} from '../../../shared/schemas/applications.ts';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
} from '../../../shared/schemas/renter-documents.ts';
import {
  missingProfileFields,
  PROFILE_FIELD_LABELS,
} from '../../../shared/schemas/renter-profile.ts';
import {
  applicationDocuments,
  applicationEvents,
  applications,
  renterDocuments,
} from '../../db/schema/applications.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset.ts';
import type { UserCtx } from '../../lib/service.ts';
import {
  type EventsCtx,
  type EventsTransaction,
  publishEvents,
  transactionWithEvents,
} from '../events/events.service.ts';
import { type ApplicationMailDeps, type MailKind, mailOtherSide } from './application-mail.ts';
import { applicationPageStatement, PAGE_SIZE, type PageQuery } from './application-page.ts';
import { readApplicationSettings } from './application-settings.service.ts';
import {
  type ApplicationRow,
  type Executor,
  readApplication,
  toApplications,
} from './application-view.ts';
import { readRenterProfile } from './renter-profile.service.ts';

/*
 * Sending an application and reading it (issue 28). Each change is one transaction that also
 * writes the timeline and publishes `application.changed` to both sides.
 */

export type ApplicationsCtx = UserCtx<Pick<EventsCtx, 'events'> & { mail: ApplicationMailDeps }>;

export const applicationNotFound = () =>
  new AppError('NOT_FOUND', { message: 'Application not found' });
const notTaking = () =>
  new AppError('CONFLICT', { message: 'This listing is not taking applications.' });

/** The changed application to its renter and its landlord. */
export async function applicationChanged(tx: EventsTransaction, id: string): Promise<Application> {
  const application = await readApplication(tx, id);
  if (!application) throw new Error(`application ${id} vanished inside its own transaction`);
  const [row] = await tx
    .select({ landlordId: applications.landlordId })
    .from(applications)
    .where(eq(applications.id, id));
  await publishEvents(tx, [
    { userId: application.applicant.id, type: 'application.changed', data: { application } },
    { userId: row?.landlordId ?? '', type: 'application.changed', data: { application } },
  ]);
  return application;
}

/** The change published to both sides and mailed to the side that did not make it. */
export async function changedAndMailed(
  tx: EventsTransaction,
  ctx: Pick<ApplicationsCtx, 'mail'>,
  input: { id: string; landlordId: string; kind: MailKind },
): Promise<Application> {
  const application = await applicationChanged(tx, input.id);
  await mailOtherSide(tx, ctx.mail, application, input.landlordId, input.kind);
  return application;
}

export async function recordTimeline(
  tx: Executor & Pick<EventsTransaction, 'insert'>,
  applicationId: string,
  kind: Application['timeline'][number]['kind'],
  by: 'renter' | 'landlord' | 'stoop',
  detail: string | null = null,
) {
  await tx.insert(applicationEvents).values({ applicationId, kind, by, detail });
}

/** What the application lacks, as one 400 naming each field and each required document. */
function incomplete(missingFields: string[], missingKinds: DocumentKind[]): AppError {
  const words = [
    ...missingFields.map((f) => PROFILE_FIELD_LABELS[f as keyof typeof PROFILE_FIELD_LABELS]),
    ...missingKinds.map((k) => DOCUMENT_KIND_LABELS[k]),
  ];
  return new AppError('VALIDATION_ERROR', {
    message: `Your application is missing: ${words.join(', ')}.`,
    details: [
      ...missingFields.map((f) => ({
        path: `profile.${f}`,
        message: `Add your ${PROFILE_FIELD_LABELS[f as keyof typeof PROFILE_FIELD_LABELS]} to your profile.`,
      })),
      ...missingKinds.map((k) => ({
        path: 'documentIds',
        message: `This listing asks for a ${DOCUMENT_KIND_LABELS[k]}.`,
      })),
    ],
  });
}

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
      const application = await readApplication(tx, replay.id);
      if (!application) throw applicationNotFound();
      return { application, created: false };
    }
    const [listing] = await tx
      .select({
        landlordId: listings.landlordId,
        status: listings.status,
        rent: listings.rentCents,
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

    const documents =
      apply.documentIds.length === 0
        ? []
        : await tx
            .select()
            .from(renterDocuments)
            .where(
              and(
                eq(renterDocuments.userId, user.id),
                inArray(renterDocuments.id, apply.documentIds),
              ),
            );
    if (documents.length !== apply.documentIds.length) {
      const message = 'Each document id must be a document of yours.';
      throw new AppError('VALIDATION_ERROR', {
        message,
        details: [{ path: 'documentIds', message }],
      });
    }
    const profile = await readRenterProfile(tx, user.id);
    const missingFields = missingProfileFields(profile?.data ?? null);
    const kinds = new Set(documents.map((d) => d.kind));
    const missingKinds = criteria.requiredDocuments.filter((kind) => !kinds.has(kind));
    if (!profile || missingFields.length > 0 || missingKinds.length > 0) {
      throw incomplete(missingFields, missingKinds);
    }

    const [row] = await tx
      .insert(applications)
      .values({
        listingId,
        renterId: user.id,
        landlordId: listing.landlordId,
        profile: profile.data,
        criteria,
        rentCents: listing.rent,
        message: apply.message || null,
        moveInDate: apply.moveInDate ?? profile.data.moveInDate ?? null,
        idempotencyKey: apply.idempotencyKey,
      })
      .returning({ id: applications.id });
    if (!row) throw new AppError('INTERNAL');
    // Sent in the order chosen.
    const order = new Map(apply.documentIds.map((id, i) => [id, i]));
    if (documents.length > 0) {
      await tx.insert(applicationDocuments).values(
        documents.map((d) => ({
          applicationId: row.id,
          documentId: d.id,
          sentDocumentId: d.id,
          kind: d.kind,
          name: d.name,
          size: d.size,
          contentType: d.contentType,
          position: order.get(d.id) ?? 0,
        })),
      );
    }
    await recordTimeline(tx, row.id, 'submitted', 'renter');
    const application = await changedAndMailed(tx, ctx, {
      id: row.id,
      landlordId: listing.landlordId,
      kind: 'submitted',
    });
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
  return { items: toApplications(page), nextCursor };
}

/**
 * The application if `user` is its renter or the listing's landlord; else not found. With
 * `lockFor`, its row is locked for a change only that side may make (the other side: 403).
 */
export async function ownApplication(
  db: Executor,
  user: { id: string },
  id: string,
  options: { lockFor?: 'renter' | 'landlord' } = {},
) {
  const query = db
    .select({
      id: applications.id,
      status: applications.status,
      listingId: applications.listingId,
      renterId: applications.renterId,
      landlordId: applications.landlordId,
    })
    .from(applications)
    .where(
      and(
        eq(applications.id, id),
        sql`(${applications.renterId} = ${user.id} or ${applications.landlordId} = ${user.id})`,
      ),
    );
  const [row] = options.lockFor ? await query.for('update') : await query;
  if (!row) throw applicationNotFound();
  const side = row.renterId === user.id ? ('renter' as const) : ('landlord' as const);
  if (options.lockFor && options.lockFor !== side) throw new AppError('FORBIDDEN');
  return { ...row, status: row.status as ApplicationStatus, side };
}

/**
 * `GET /api/applications/{id}`, for its renter or the listing's landlord. The landlord's first
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
        return { application: await applicationChanged(tx, id) };
      });
    }
  }
  const application = await readApplication(ctx.db, id);
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
    return {
      application: await changedAndMailed(tx, ctx, {
        id,
        landlordId: own.landlordId,
        kind: 'withdrawn',
      }),
    };
  });
}
