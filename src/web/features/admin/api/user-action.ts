import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUserResponseSchema } from '../../../../shared/schemas/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { refreshAdmin } from './admin-keys.ts';

export type UserAction = 'suspend' | 'restore';

/** `POST /api/admin/users/{id}/{suspend|restore}` → the user as it is now. */
export function userAction(id: string, action: UserAction) {
  return api(`/api/admin/users/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: {},
    parse: (data) => AdminUserResponseSchema.parse(data).user,
  });
}

/** Suspends or restores an account, then refreshes the lists, the counts and the audit log. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) => userAction(id, action),
    onSettled: () => refreshAdmin(queryClient),
  });
}
