import { NETWORK_ERROR_MESSAGE } from '../../../../shared/errors.ts';
import type { DocumentContentType } from '../../../../shared/schemas/renter-documents.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** Where a sent document is read from (private, no-store; the landlord's cookie). */
export const documentHref = (id: string) =>
  `/api/renter-profile/documents/${encodeURIComponent(id)}`;

/** What the landlord is told when the document cannot be had any more (or never could). */
export const DOCUMENT_GONE = 'This document is no longer available to you.';

/**
 * `GET /api/renter-profile/documents/{id}` as a Blob, typed by what the application says it is
 * (one of the four kinds the server lets in), so the page shows it as that and nothing else.
 * Each read goes on the application's timeline.
 */
export async function fetchDocument(
  id: string,
  contentType: DocumentContentType,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(documentHref(id), {
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: response.status === 404 ? 'NOT_FOUND' : null,
      message: response.status === 404 ? DOCUMENT_GONE : 'The document could not be opened.',
    });
  }
  return new Blob([await response.arrayBuffer()], { type: contentType });
}
