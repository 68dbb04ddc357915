import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserResponseSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { refreshAdmin } from './admin-keys.ts';

export type UserAction = 'suspend' | 'restore';

/** `POST /api/admin/users/{id}/{suspend|restore}` (suspend with `{ reason? }`) → the user now. */
export function userAction(id: string, action: UserAction, reason = '') {
  const trimmed = reason.trim();
  return api(`/api/admin/users/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: action === 'suspend' && trimmed ? { reason: trimmed } : {},
    parse: (data) => asAnswer<typeof AdminUserResponseSchema>(data).user,
  });
}

/** Suspends or restores an account, then refreshes the lists, the counts and the audit log. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: UserAction; reason?: string }) =>
      userAction(id, action, reason),
    onSettled: () => refreshAdmin(queryClient),
  });
}
