import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeUser, SignInInput } from '../../../../shared/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { fetchMe, meQueryKey } from './get-me.ts';

/** Signs in (the server sets the session cookie), then loads who we are now. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<MeUser | null> => {
      await api('/api/auth/sign-in/email', { method: 'POST', body: input });
      const user = await fetchMe({ client: queryClient });
      queryClient.setQueryData(meQueryKey, user);
      return user;
    },
  });
}
