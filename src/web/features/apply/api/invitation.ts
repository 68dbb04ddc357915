import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Application, ApplicationSchema } from '../../../../shared/schemas/applications.ts';
import type {
  InvitationView,
  InvitationViewSchema,
  JoinInput,
} from '../../../../shared/schemas/households.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { applyKeys } from './apply-keys.ts';

/*
 * An invitation to join someone's application (issue 29): read by whoever holds the link, signed
 * in or not, and joined by a renter with their own documents.
 */

/**
 * A link's token as the server mints them (32 random bytes, base64url): anything else is no
 * invitation, and is said so without asking (a 404 would be a console error on a visitor's page).
 */
export const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{20,200}$/.test(token);

/** `GET /api/application-invitations/{token}`: 404 once used, replaced or expired. */
export function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationView> {
  return api(`/api/application-invitations/${encodeURIComponent(token)}`, {
    parse: asAnswer<typeof InvitationViewSchema>,
    ...(signal ? { signal } : {}),
  });
}

export function useInvitation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: applyKeys.invitation(token),
      queryFn: ({ signal }) => fetchInvitation(token, signal),
      enabled: isTokenShaped(token),
      // A 404 stays a 404: no retry.
      retry: false,
    }),
  );
}

/** `POST /api/applications/{id}/join`: the renter's profile and chosen documents join it. */
export function useJoinApplication(applicationId: string) {
  return useMutation({
    mutationFn: (input: JoinInput): Promise<Application> =>
      api(`/api/applications/${encodeURIComponent(applicationId)}/join`, {
        method: 'POST',
        body: input,
        parse: asAnswer<typeof ApplicationSchema>,
      }),
  });
}
