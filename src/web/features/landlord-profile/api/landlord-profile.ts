import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { friendlyMessage } from '../../../../shared/errors.ts';
import type {
  LandlordProfile,
  LandlordProfileInput,
  LandlordProfileSchema,
} from '../../../../shared/schemas/billing.ts';
import { ApiError, api, apiAnswer } from '../../../lib/api-client.ts';

export const landlordProfileKey = ['landlord', 'profile'] as const;

/** `GET /api/landlord/profile`: the landlord's public profile and response figures. */
export function fetchLandlordProfile(signal?: AbortSignal): Promise<LandlordProfile> {
  return apiAnswer<typeof LandlordProfileSchema>('/api/landlord/profile', signal ? { signal } : {});
}

export function useLandlordProfile() {
  return useQuery(
    queryOptions({
      queryKey: landlordProfileKey,
      queryFn: ({ signal }) => fetchLandlordProfile(signal),
    }),
  );
}

/** `PUT /api/landlord/profile` `{ displayName, phone?, bio?, languages? }`. */
export function updateLandlordProfile(input: LandlordProfileInput): Promise<LandlordProfile> {
  return apiAnswer<typeof LandlordProfileSchema>('/api/landlord/profile', {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateLandlordProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLandlordProfile,
    onSuccess: (profile) => queryClient.setQueryData(landlordProfileKey, profile),
  });
}

/**
 * `POST /api/landlord/profile/photo` (multipart, field `photo`): the server re-encodes it like a
 * listing photo. The answer, when it is the profile, is kept; the profile is refetched anyway.
 */
export async function uploadProfilePhoto(
  file: Blob,
  name: string,
): Promise<LandlordProfile | null> {
  const form = new FormData();
  form.append('photo', file, name);
  let response: Response;
  try {
    response = await fetch('/api/landlord/profile/photo', {
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
    throw new ApiError({ status: response.status, code: null, message: friendlyMessage(data) });
  }
  // The answer is the profile (LandlordProfileSchema); anything else only means "refetch it".
  return typeof data === 'object' && data !== null && 'displayName' in data
    ? (data as LandlordProfile)
    : null;
}

/** `DELETE /api/landlord/profile/photo`. */
export async function deleteProfilePhoto(): Promise<void> {
  await api('/api/landlord/profile/photo', { method: 'DELETE' });
}

export function useProfilePhoto() {
  const queryClient = useQueryClient();
  const settle = (profile: LandlordProfile | null | undefined) => {
    if (profile) queryClient.setQueryData(landlordProfileKey, profile);
    void queryClient.invalidateQueries({ queryKey: landlordProfileKey });
  };
  return {
    upload: useMutation({
      mutationFn: ({ file, name }: { file: Blob; name: string }) => uploadProfilePhoto(file, name),
      onSuccess: settle,
    }),
    remove: useMutation({ mutationFn: deleteProfilePhoto, onSuccess: () => settle(null) }),
  };
}
