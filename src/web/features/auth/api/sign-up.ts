import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeUser, SignUpInput } from '../../../../shared/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { fetchMe, meQueryKey } from './get-me.ts';

/** Creates the account; the server signs the new user in at once. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput): Promise<MeUser | null> => {
      await api('/api/auth/sign-up/email', { method: 'POST', body: input });
      const user = await fetchMe({ client: queryClient });
      queryClient.setQueryData(meQueryKey, user);
      return user;
    },
  });
}
