import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResult } from '../../../../shared/schemas/saved-searches.ts';
import { apiWithParser } from '../../../lib/api-client.ts';

/** `POST /api/alerts/unsubscribe` `{ token }`: no sign-in needed (the token is signed). */
export function unsubscribeAlerts(token: string): Promise<UnsubscribeResult> {
  return apiWithParser(
    '/api/alerts/unsubscribe',
    () => import('./parsers.ts').then((p) => p.unsubscribeResult),
    { method: 'POST', body: { token } },
  );
}

export function useUnsubscribeAlerts() {
  return useMutation({ mutationFn: unsubscribeAlerts });
}
