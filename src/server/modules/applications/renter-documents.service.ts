import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  type DocumentContentType,
  type DocumentKind,
  MAX_DOCUMENTS,
  type RenterDocument,
} from '../../../shared/schemas/renter-documents.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { renterDocuments } from '../../db/schema/applications.ts';
import { AppError } from '../../lib/app-error.ts';
import { DOCUMENT_UPLOADS_LIMIT, lockUserAction, withRateLimit } from '../../lib/rate-limit.ts';
import type { UserCtx } from '../../lib/service.ts';
import { type MediaObject, type MediaStorage, PRIVATE_MEDIA_PREFIX } from '../../lib/storage.ts';
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

/**
 * Who may read a document: its owner. The one place a later step adds the landlord of a
 * listing the document was submitted to with an application.
 */
export async function canReadDocument(
  _db: Db,
  user: SessionUser,
  document: Pick<DocumentRow, 'userId'>,
): Promise<boolean> {
  return document.userId === user.id;
}

/**
 * `GET /api/renter-profile/documents/{id}`: the document and its bytes, or null (unknown, not
 * the caller's to read, file gone) for the route's 404.
 */
export async function openDocument({
  ctx: { db, storage, user },
  input: { id },
}: {
  ctx: RenterDocumentsCtx;
  input: { id: string };
}): Promise<{ document: RenterDocument; object: MediaObject } | null> {
  const [row] = await db.select().from(renterDocuments).where(eq(renterDocuments.id, id));
  if (!row || !(await canReadDocument(db, user, row))) return null;
  const object = await storage.open(row.storageKey);
  return object ? { document: toDocument(row), object } : null;
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
