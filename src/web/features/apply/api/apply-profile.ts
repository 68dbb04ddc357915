import { useQuery } from '@tanstack/react-query';
import type {
  RenterDocument,
  RenterDocumentsSchema,
} from '../../../../shared/schemas/renter-documents.ts';
import type {
  RenterProfileResponse,
  RenterProfileResponseSchema,
} from '../../../../shared/schemas/renter-profile.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { applyKeys } from './apply-keys.ts';

/*
 * What an application would send: the renter's profile (with what it lacks) and documents. Asked
 * afresh each time the dialog opens (nothing kept once it closes): the renter may just have
 * completed them in another tab, and the form starts from what is true now.
 */

export function fetchProfile(signal?: AbortSignal): Promise<RenterProfileResponse> {
  return api('/api/renter-profile', {
    parse: asAnswer<typeof RenterProfileResponseSchema>,
    ...(signal ? { signal } : {}),
  });
}

export async function fetchDocuments(signal?: AbortSignal): Promise<RenterDocument[]> {
  const { items } = await api('/api/renter-profile/documents', {
    parse: asAnswer<typeof RenterDocumentsSchema>,
    ...(signal ? { signal } : {}),
  });
  return items;
}

export function useApplyProfile() {
  const profile = useQuery({
    queryKey: applyKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    gcTime: 0,
  });
  const documents = useQuery({
    queryKey: applyKeys.documents,
    queryFn: ({ signal }) => fetchDocuments(signal),
    gcTime: 0,
  });
  return { profile, documents };
}
