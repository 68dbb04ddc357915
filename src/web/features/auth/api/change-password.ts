import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Changes the password and signs out every other session of the user. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/change-password', {
        method: 'POST',
        body: { ...input, revokeOtherSessions: true },
      }),
  });
}
