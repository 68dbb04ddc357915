import { z } from 'zod';
import { DOCUMENT_KINDS } from '../renter-documents.ts';

export {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
} from '../renter-documents.ts';

/*
 * Documents a renter keeps with their profile (issue 28): private files, answered only to their
 * owner and, for a while, to the landlord of a listing they were sent to.
 */

/** PDF, JPEG, PNG or WebP, told by their first bytes, never by name or declared type. */
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** More than any application asks for; a cap so an account cannot fill the disk. */
export const MAX_DOCUMENTS = 50;

export const DocumentKindSchema = z.enum(DOCUMENT_KINDS, {
  error: `Document kind must be one of: ${DOCUMENT_KINDS.join(', ')}.`,
});

export const RenterDocumentSchema = z.object({
  id: z.uuid(),
  kind: DocumentKindSchema,
  name: z.string(),
  size: z.number().int(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  uploadedAt: z.iso.datetime(),
});
export type RenterDocument = z.infer<typeof RenterDocumentSchema>;

export const RenterDocumentResponseSchema = z.object({ document: RenterDocumentSchema });
export const RenterDocumentsSchema = z.object({ items: z.array(RenterDocumentSchema) });

export const DocumentParamSchema = z.object({ id: z.uuid({ error: 'Document not found' }) });
