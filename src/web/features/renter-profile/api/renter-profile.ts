import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RenterProfileData,
  RenterProfileResponse,
} from '../../../../shared/schemas/renter-profile.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { loadParsers } from './load-parsers.ts';
import { renterProfileKeys } from './renter-profile-keys.ts';

const parseResponse = () => loadParsers().then((p) => p.profileResponse);

/** `GET /api/renter-profile`: the renter's profile (null before the first save) and what it lacks. */
export function fetchRenterProfile(signal?: AbortSignal): Promise<RenterProfileResponse> {
  return apiWithParser('/api/renter-profile', parseResponse, signal ? { signal } : {});
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
  return apiWithParser('/api/renter-profile', parseResponse, { method: 'PUT', body: input });
}

export function useSaveRenterProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRenterProfile,
    onSuccess: (answer) => queryClient.setQueryData(renterProfileKeys.profile, answer),
  });
}
