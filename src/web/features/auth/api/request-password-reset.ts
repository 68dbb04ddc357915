import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Always answers the same, whether or not the email has an account (docs/architecture.md §9). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api('/api/auth/request-password-reset', { method: 'POST', body: input }),
  });
}
