import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { friendlyMessage, isErrorCode } from '../../../../shared/errors.ts';
import type {
  DocumentKind,
  RenterDocument,
  RenterDocumentResponseSchema,
  RenterDocumentsSchema,
} from '../../../../shared/schemas/renter-documents.ts';
import { ApiError, api, apiAnswer, asAnswer } from '../../../lib/api-client.ts';
import { renterProfileKeys } from './renter-profile-keys.ts';

/** Where a document downloads from (a private attachment, the owner's cookie). */
export const documentHref = (id: string) =>
  `/api/renter-profile/documents/${encodeURIComponent(id)}`;

/** `GET /api/renter-profile/documents`: the renter's documents. */
export async function fetchDocuments(signal?: AbortSignal): Promise<RenterDocument[]> {
  const { items } = await apiAnswer<typeof RenterDocumentsSchema>(
    '/api/renter-profile/documents',
    signal ? { signal } : {},
  );
  return items;
}

export function useRenterDocuments() {
  return useQuery(
    queryOptions({
      queryKey: renterProfileKeys.documents,
      queryFn: ({ signal }) => fetchDocuments(signal),
    }),
  );
}

function codeOf(data: unknown) {
  const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
  return isErrorCode(code) ? code : null;
}

/** `POST /api/renter-profile/documents` (multipart: `file` and `kind`) → 201 `{ document }`. */
export async function uploadDocument(file: File, kind: DocumentKind): Promise<RenterDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/renter-profile/documents', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: 'The upload failed.' });
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: codeOf(data),
      message: friendlyMessage(data),
    });
  }
  return asAnswer<typeof RenterDocumentResponseSchema>(data).document;
}

/** `DELETE /api/renter-profile/documents/{id}` → 204. */
export async function deleteDocument(id: string): Promise<void> {
  await api(documentHref(id), { method: 'DELETE' });
}

export function useDocumentMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: renterProfileKeys.documents });
  return {
    upload: useMutation({
      mutationFn: ({ file, kind }: { file: File; kind: DocumentKind }) =>
        uploadDocument(file, kind),
      onSuccess: (document) =>
        queryClient.setQueryData<RenterDocument[]>(renterProfileKeys.documents, (list) => [
          document,
          ...(list ?? []).filter((item) => item.id !== document.id),
        ]),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: deleteDocument,
      onSuccess: (_nothing, id) =>
        queryClient.setQueryData<RenterDocument[]>(renterProfileKeys.documents, (list) =>
          list?.filter((item) => item.id !== id),
        ),
      onSettled: refresh,
    }),
  };
}
