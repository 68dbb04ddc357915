import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../../../shared/schemas/saved-searches.ts';
import { api } from '../../../lib/api-client.ts';
import { savedSearchesKeys } from './saved-searches-keys.ts';

/** `DELETE /api/saved-searches/{id}`. */
export async function deleteSavedSearch(id: string): Promise<void> {
  await api(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesKeys.list, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: savedSearchesKeys.matches(id) });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchesKeys.list });
    },
  });
}
