import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearchInput,
  SavedSearch,
} from '../../../../shared/schemas/saved-searches.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

/** `POST /api/saved-searches` → 201 with the saved search. */
export function createSavedSearch(input: CreateSavedSearchInput): Promise<SavedSearch> {
  return apiWithParser(
    '/api/saved-searches',
    () => import('./parsers.ts').then((p) => p.savedSearch),
    { method: 'POST', body: input },
  );
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
