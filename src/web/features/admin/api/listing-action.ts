import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminListingResponseSchema } from '../../../../shared/schemas/admin.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { refreshAdmin } from './admin-keys.ts';

export type ListingAction =
  | { action: 'unpublish'; reason: string }
  | { action: 'restore' }
  | { action: 'feature'; featured: boolean };

function bodyOf(request: ListingAction): Record<string, unknown> {
  if (request.action === 'unpublish') {
    const reason = request.reason.trim();
    return reason ? { reason } : {};
  }
  if (request.action === 'feature') return { featured: request.featured };
  return {};
}

/** `POST /api/admin/listings/{id}/{unpublish|restore|feature}` → the listing as it is now. */
export function listingAction(id: string, request: ListingAction) {
  return api(`/api/admin/listings/${encodeURIComponent(id)}/${request.action}`, {
    method: 'POST',
    body: bodyOf(request),
    parse: (data) => asAnswer<typeof AdminListingResponseSchema>(data).listing,
  });
}

/** Takes a listing down, restores or (un)features it, then refreshes everything admin. */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: ListingAction }) =>
      listingAction(id, request),
    onSettled: () => refreshAdmin(queryClient),
  });
}
