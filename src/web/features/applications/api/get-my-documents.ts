import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  RenterDocument,
  RenterDocumentsSchema,
} from '../../../../shared/schemas/renter-documents.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { applicationsKeys } from './applications-keys.ts';

/** `GET /api/renter-profile/documents`: what a renter may attach to an answer. */
export async function fetchMyDocuments(signal?: AbortSignal): Promise<RenterDocument[]> {
  const { items } = await apiAnswer<typeof RenterDocumentsSchema>(
    '/api/renter-profile/documents',
    signal ? { signal } : {},
  );
  return items;
}

export function useMyDocuments() {
  return useQuery(
    queryOptions({
      queryKey: applicationsKeys.myDocuments,
      queryFn: ({ signal }) => fetchMyDocuments(signal),
      // Uploaded on the profile page a moment ago: asked again each time the form opens.
      staleTime: 0,
    }),
  );
}
