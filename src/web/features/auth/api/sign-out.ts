import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, writeLastUser } from './get-me.ts';

/** Signs out and forgets everything cached for the user (app-wide queries such as health stay). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      writeLastUser(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'health' });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
