import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  type DocumentContentType,
  type DocumentKind,
  MAX_DOCUMENTS,
  type RenterDocument,
} from '../../../shared/schemas/renter-documents.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationDocuments,
  applications,
  renterDocuments,
} from '../../db/schema/applications.ts';
import { AppError } from '../../lib/app-error.ts';
import { DOCUMENT_UPLOADS_LIMIT, lockUserAction, withRateLimit } from '../../lib/rate-limit.ts';
import type { UserCtx } from '../../lib/service.ts';
import { type MediaObject, type MediaStorage, PRIVATE_MEDIA_PREFIX } from '../../lib/storage.ts';
import { type EventsCtx, transactionWithEvents } from '../events/events.service.ts';
import { applicationChanged, recordTimeline } from './application-access.ts';
import type { Executor } from './application-view.ts';
import type { DocumentUpload } from './renter-documents.upload.ts';

/*
 * A renter's documents (issue 28): the bytes kept as uploaded in private storage, under a key
 * of 128 random bits that says nothing of the renter or the file (`/media` refuses the prefix),
 * and answered only through `GET /api/renter-profile/documents/{id}` to whoever
 * `canReadDocument` lets through.
 */

export type RenterDocumentsCtx = UserCtx<{ storage: MediaStorage }>;

type DocumentRow = typeof renterDocuments.$inferSelect;

export const TOO_MANY_DOCUMENTS_MESSAGE = `You can keep at most ${MAX_DOCUMENTS} documents. Delete one to upload another.`;

export const documentNotFound = () => new AppError('NOT_FOUND', { message: 'Document not found' });
const tooMany = () => new AppError('CONFLICT', { message: TOO_MANY_DOCUMENTS_MESSAGE });

function toDocument(row: DocumentRow): RenterDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    name: row.name,
    size: row.size,
    contentType: row.contentType as DocumentContentType,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

async function countOwn(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(renterDocuments)
    .where(eq(renterDocuments.userId, userId));
  return row?.n ?? 0;
}

/** `GET /api/renter-profile/documents`: the caller's own, newest first. */
export async function listDocuments({
  ctx,
}: {
  ctx: RenterDocumentsCtx;
}): Promise<RenterDocument[]> {
  const rows = await ctx.db
    .select()
    .from(renterDocuments)
    .where(eq(renterDocuments.userId, ctx.user.id))
    .orderBy(desc(renterDocuments.uploadedAt), desc(renterDocuments.id));
  return rows.map(toDocument);
}

/** `POST /api/renter-profile/documents`: stored, then recorded (201). */
export async function addDocument({
  ctx,
  input,
}: {
  ctx: RenterDocumentsCtx;
  input: DocumentUpload;
}): Promise<RenterDocument> {
  const { db, user } = ctx;
  // A full account is refused before the upload counts against its hour.
  if ((await countOwn(db, user.id)) >= MAX_DOCUMENTS) throw tooMany();
  return withRateLimit(db, DOCUMENT_UPLOADS_LIMIT, user.id, () => storeDocument(ctx, input));
}

async function storeDocument(
  { db, storage, user }: RenterDocumentsCtx,
  { kind, name, contentType, data }: DocumentUpload,
): Promise<RenterDocument> {
  const storageKey = `${PRIVATE_MEDIA_PREFIX}documents/${randomBytes(16).toString('hex')}.bin`;
  await storage.put(storageKey, data, contentType);
  try {
    return await db.transaction(async (tx) => {
      // Uploads of one renter queue here, so parallel ones cannot pass the cap together.
      await lockUserAction(tx, 'renter-documents', user.id);
      if ((await countOwn(tx, user.id)) >= MAX_DOCUMENTS) throw tooMany();
      const [row] = await tx
        .insert(renterDocuments)
        .values({ userId: user.id, kind, name, size: data.length, contentType, storageKey })
        .returning();
      if (!row) throw new AppError('INTERNAL');
      return toDocument(row);
    });
  } catch (error) {
    await storage.delete([storageKey]);
    throw error;
  }
}

/** How long the landlord of a closed application may still open its documents. */
export const DOCUMENT_ACCESS_AFTER_CLOSE_DAYS = 30;

/**
 * Who may read a document: its owner, and the landlord of a listing it was sent to with an
 * application (by its primary applicant or a member), once the landlord may see that
 * application, while it is open and for 30 days after it closes. For the
 * landlord, the application that lets them in (its timeline records the opening). The daily
 * job (applications.jobs.ts) marks the end; the clock is read here too, so the window never
 * outlasts 30 days while the job waits for its hour.
 */
export async function canReadDocument(
  db: Executor,
  user: SessionUser,
  document: Pick<DocumentRow, 'id' | 'userId'>,
): Promise<{ owner: true } | { applicationId: string } | null> {
  if (document.userId === user.id) return { owner: true };
  if (user.userType !== 'landlord') return null;
  const [granted] = await db
    .select({ applicationId: applications.id })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(
      and(
        eq(applicationDocuments.documentId, document.id),
        eq(applications.landlordId, user.id),
        eq(applications.shownToLandlord, true),
        isNull(applications.documentAccessEndedAt),
        sql`(${applications.closedAt} is null or ${applications.closedAt} > now() - make_interval(days => ${DOCUMENT_ACCESS_AFTER_CLOSE_DAYS}))`,
      ),
    )
    .orderBy(desc(applications.submittedAt))
    .limit(1);
  return granted ?? null;
}

/**
 * `GET /api/renter-profile/documents/{id}`: the document and its bytes, or null (unknown, not
 * the caller's to read, file gone) for the route's 404. A landlord's opening goes on the
 * application's timeline, live to the renter.
 */
export async function openDocument({
  ctx,
  input: { id },
}: {
  ctx: RenterDocumentsCtx & { events: EventsCtx['events'] };
  input: { id: string };
}): Promise<{ document: RenterDocument; object: MediaObject } | null> {
  const { db, storage, user } = ctx;
  const [row] = await db.select().from(renterDocuments).where(eq(renterDocuments.id, id));
  if (!row) return null;
  const access = await canReadDocument(db, user, row);
  if (!access) return null;
  const object = await storage.open(row.storageKey);
  if (!object) return null;
  if ('applicationId' in access) {
    await transactionWithEvents(ctx, async (tx) => {
      // The opening is seen by the document's owner (and the landlord) only.
      await recordTimeline(
        tx,
        access.applicationId,
        'document_opened',
        'landlord',
        row.name,
        row.userId,
      );
      await applicationChanged(tx, access.applicationId, { side: 'landlord' });
    });
  }
  return { document: toDocument(row), object };
}

/** `DELETE /api/renter-profile/documents/{id}` (204): the row, then its file. */
export async function deleteDocument({
  ctx: { db, storage, user },
  input: { id },
}: {
  ctx: RenterDocumentsCtx;
  input: { id: string };
}): Promise<void> {
  const [removed] = await db
    .delete(renterDocuments)
    .where(and(eq(renterDocuments.id, id), eq(renterDocuments.userId, user.id)))
    .returning({ storageKey: renterDocuments.storageKey });
  if (!removed) throw documentNotFound();
  await storage.delete([removed.storageKey]);
}
