import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RenterProfileData,
  RenterProfileResponse,
  RenterProfileResponseSchema,
} from '../../../../shared/schemas/renter-profile.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { renterProfileKeys } from './renter-profile-keys.ts';

/** `GET /api/renter-profile`: the renter's profile (null before the first save) and what it lacks. */
export function fetchRenterProfile(signal?: AbortSignal): Promise<RenterProfileResponse> {
  return apiAnswer<typeof RenterProfileResponseSchema>(
    '/api/renter-profile',
    signal ? { signal } : {},
  );
}

export function useRenterProfile() {
  return useQuery(
    queryOptions({
      queryKey: renterProfileKeys.profile,
      queryFn: ({ signal }) => fetchRenterProfile(signal),
    }),
  );
}

/** `PUT /api/renter-profile`: the whole profile, replaced. */
export function saveRenterProfile(input: RenterProfileData): Promise<RenterProfileResponse> {
  return apiAnswer<typeof RenterProfileResponseSchema>('/api/renter-profile', {
    method: 'PUT',
    body: input,
  });
}

export function useSaveRenterProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRenterProfile,
    onSuccess: (answer) => queryClient.setQueryData(renterProfileKeys.profile, answer),
  });
}
