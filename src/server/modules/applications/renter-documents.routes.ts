import { Hono } from 'hono';
import { DocumentParamSchema } from '../../../shared/schemas/renter-documents.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { noStore } from '../../lib/no-store.ts';
import { PRIVATE_MEDIA_CACHE_CONTROL } from '../../lib/storage.ts';
import {
  addDocument,
  deleteDocument,
  documentNotFound,
  listDocuments,
  openDocument,
  type RenterDocumentsCtx,
} from './renter-documents.service.ts';
import { attachmentDisposition, readDocumentUpload } from './renter-documents.upload.ts';

/** The document id of the path; a malformed one is an unknown document (404, not 400). */
function documentId(c: { req: { param: () => Record<string, string> } }): { id: string } {
  const parsed = DocumentParamSchema.safeParse(c.req.param());
  if (!parsed.success) throw documentNotFound();
  return parsed.data;
}

/**
 * `/api/renter-profile/documents` (issue 28): a renter's own documents; anyone else signed in
 * is refused (403) the list, uploads and deletes, and a document the caller may not read is not
 * found (404), never refused, so nothing tells whether it exists.
 */
export function createRenterDocumentsRoutes({ database: { db }, storage, events }: AppDeps) {
  const ctxOf = (c: { var: AppEnv['Variables'] }): RenterDocumentsCtx => ({
    db,
    storage,
    user: currentUser(c),
  });
  const renters = requireRole('renter');
  return (
    new Hono<AppEnv>()
      .use(noStore)
      .get('/', renters, async (c) => c.json({ items: await listDocuments({ ctx: ctxOf(c) }) }))
      .post('/', renters, async (c) => {
        const input = await readDocumentUpload(c);
        return c.json({ document: await addDocument({ ctx: ctxOf(c), input }) }, 201);
      })
      // Its owner, and a landlord it was sent to (canReadDocument); anyone else signed in: 404.
      .get('/:id', requireUser, async (c) => {
        // Set before the answer is known: the 404 is kept by no cache either.
        c.header('Cache-Control', PRIVATE_MEDIA_CACHE_CONTROL);
        const found = await openDocument({ ctx: { ...ctxOf(c), events }, input: documentId(c) });
        if (!found) throw documentNotFound();
        const { document, object } = found;
        const headers: Record<string, string> = {
          'Content-Type': document.contentType,
          'Cache-Control': PRIVATE_MEDIA_CACHE_CONTROL,
          'Content-Disposition': attachmentDisposition(document.name),
          'X-Content-Type-Options': 'nosniff',
          // Opened anyway (a PDF viewer), it runs nothing and reaches nothing.
          'Content-Security-Policy': "default-src 'none'; sandbox",
        };
        if (object.size !== undefined) headers['Content-Length'] = String(object.size);
        if (c.req.method === 'HEAD') {
          await object.body.cancel();
          return c.body(null, 200, headers);
        }
        return c.body(object.body, 200, headers);
      })
      .delete('/:id', renters, async (c) => {
        await deleteDocument({ ctx: ctxOf(c), input: documentId(c) });
        return c.body(null, 204);
      })
  );
}
