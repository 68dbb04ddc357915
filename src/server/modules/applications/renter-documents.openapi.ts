import {
  DOCUMENT_CONTENT_TYPES,
  RenterDocumentResponseSchema,
  RenterDocumentsSchema,
} from '../../../shared/schemas/renter-documents.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const tags = ['applications'];

/** A renter's documents in /api/openapi.json (issue 28). Renters only: anyone else 403. */
export const renterDocumentsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/renter-profile/documents',
    errors: ['FORBIDDEN'],
    summary: "The caller's documents, newest first: { items }. Renters only",
    tags,
    response: RenterDocumentsSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/renter-profile/documents',
    success: [201],
    errors: ['CONFLICT', 'FORBIDDEN', 'RATE_LIMITED', 'VALIDATION_ERROR'],
    summary:
      'Upload a document: multipart/form-data with "file" (PDF, JPEG, PNG or WebP by its content, ≤ 10 MB; kept as sent) and "kind" (pay_stub, bank_statement, employment_letter, tax_return, id, voucher_letter, other): 201 { document }. Anything else is 400 naming the field; over 10 MB 413; signed out 401 and other roles 403 before the body is read. At most 50 documents a renter (409) and 30 uploads an hour (429 with Retry-After)',
    tags,
    response: RenterDocumentResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/renter-profile/documents/{id}',
    errors: ['NOT_FOUND'],
    produces: DOCUMENT_CONTENT_TYPES,
    summary:
      "The document's bytes, typed as stored, as an attachment (Content-Disposition with its name, Cache-Control: private, no-store). To its owner, and to the landlord of a listing it was sent to with an application while that application is open and for 30 days after it closes (the opening goes on the application's timeline); anyone else, an unknown or malformed id: 404. Documents are never served at /media",
    tags,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/renter-profile/documents/{id}',
    success: [204],
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary: "Delete one of the caller's documents and its file: 204. Anyone else's: 404",
    tags,
    auth: true,
  },
];
