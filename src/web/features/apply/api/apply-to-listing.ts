import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Application,
  ApplicationSchema,
  ApplyInput,
} from '../../../../shared/schemas/applications.ts';
import { ApiError, api, asAnswer } from '../../../lib/api-client.ts';
import { applyKeys } from './apply-keys.ts';

/**
 * `POST /api/listings/{id}/applications`: 201 the application (a repeated idempotency key: 200,
 * the first one); 400 names what is missing; 409 when there is already an open one or the
 * listing takes none.
 */
export function applyToListing(listingId: string, input: ApplyInput): Promise<Application> {
  return api(`/api/listings/${encodeURIComponent(listingId)}/applications`, {
    method: 'POST',
    body: input,
    parse: asAnswer<typeof ApplicationSchema>,
  });
}

export function useApplyToListing(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) => applyToListing(listingId, input),
    // The answer is the application: the listing page shows its status at once.
    onSuccess: (application) => queryClient.setQueryData(applyKeys.mine(listingId), application),
    onError: (error) => {
      // An open application the page did not know of: show it instead of the button.
      if (error instanceof ApiError && error.code === 'APPLICATION_EXISTS') {
        void queryClient.invalidateQueries({ queryKey: applyKeys.mine(listingId) });
      }
    },
  });
}

/** A fresh idempotency key (`crypto.randomUUID` needs a secure context, hence the fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
