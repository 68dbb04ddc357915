import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      api('/api/auth/reset-password', { method: 'POST', body: input }),
  });
}
