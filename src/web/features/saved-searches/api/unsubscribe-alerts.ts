import { useMutation } from '@tanstack/react-query';
import type {
  UnsubscribeResult,
  UnsubscribeResultSchema,
} from '../../../../shared/schemas/saved-searches.ts';
import { apiAnswer } from '../../../lib/api-client.ts';

/** `POST /api/alerts/unsubscribe` `{ token }`: no sign-in needed (the token is signed). */
export function unsubscribeAlerts(token: string): Promise<UnsubscribeResult> {
  return apiAnswer<typeof UnsubscribeResultSchema>('/api/alerts/unsubscribe', {
    method: 'POST',
    body: { token },
  });
}

export function useUnsubscribeAlerts() {
  return useMutation({ mutationFn: unsubscribeAlerts });
}
