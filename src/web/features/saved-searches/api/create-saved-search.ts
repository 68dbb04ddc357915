import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearchInput,
  SavedSearch,
  SavedSearchSchema,
} from '../../../../shared/schemas/saved-searches.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

/** `POST /api/saved-searches` → 201 with the saved search. */
export function createSavedSearch(input: CreateSavedSearchInput): Promise<SavedSearch> {
  return apiAnswer<typeof SavedSearchSchema>('/api/saved-searches', {
    method: 'POST',
    body: input,
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchesKeys.list });
    },
  });
}
