import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  SavedSearch,
  SavedSearchSchema,
  UpdateSavedSearchInput,
} from '../../../../shared/schemas/saved-searches.ts';
import { apiAnswer } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

/** `PATCH /api/saved-searches/{id}`: rename, alerts, pause or resume, `seen: true`. */
export function updateSavedSearch(id: string, patch: UpdateSavedSearchInput): Promise<SavedSearch> {
  return apiAnswer<typeof SavedSearchSchema>(`/api/saved-searches/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
  });
}

/** Shows the answer in the list at once, then refetches it. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateSavedSearchInput }) =>
      updateSavedSearch(id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesKeys.list, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchesKeys.list });
    },
  });
}
