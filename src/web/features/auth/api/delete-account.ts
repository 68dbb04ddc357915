import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, writeLastUser } from './get-me.ts';

/** The user's offline notes copy and its outbox: nothing of theirs stays on this device. */
function forgetLocalData(userId: string) {
  try {
    const prefix = STORAGE_KEYS.notes(userId);
    const keys = Array.from({ length: window.localStorage.length }, (_, i) =>
      window.localStorage.key(i),
    );
    for (const key of keys) if (key?.startsWith(prefix)) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing stored to forget either.
  }
}

/**
 * `DELETE /api/me` with the password (decision 039). On success the server has ended every
 * session; the app forgets the user like a sign-out does, and their local notes too.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; password: string }) =>
      api<null>('/api/me', { method: 'DELETE', body: { password: input.password } }),
    onSuccess: (_data, { userId }) => {
      forgetLocalData(userId);
      writeLastUser(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'health' });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
