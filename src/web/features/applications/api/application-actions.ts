import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Application,
  ApplicationSchema,
  Decline,
  Offer,
} from '../../../../shared/schemas/applications.ts';
import type { InviteInput } from '../../../../shared/schemas/households.ts';
import { api, apiAnswer } from '../../../lib/api-client.ts';
import { dropApplication, writeApplication } from './application-cache.ts';

/*
 * The moves of an application, each a `POST /api/applications/{id}/<action>` answering the
 * application as it now stands, which is written into the cached lists and detail at once.
 */

type Bodies = {
  withdraw: undefined;
  respond: { message: string; documentIds?: string[] };
  /** The primary's typed full legal name: the signature on the offer. */
  accept: { signature: string };
  invite: InviteInput;
  'reject-offer': undefined;
  'request-info': { message: string };
  offer: Offer;
  decline: Decline;
};
export type ApplicationAction = keyof Bodies;

export function postAction<A extends ApplicationAction>(
  id: string,
  action: A,
  body: Bodies[A],
): Promise<Application> {
  return apiAnswer<typeof ApplicationSchema>(
    `/api/applications/${encodeURIComponent(id)}/${action}`,
    { method: 'POST', ...(body === undefined ? {} : { body }) },
  );
}

/** One action on one application; `mutateAsync(body)` resolves with the changed application. */
export function useApplicationAction<A extends ApplicationAction>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Bodies[A]) => postAction(id, action, body),
    onSuccess: (application) => writeApplication(queryClient, application),
  });
}

/** `POST /api/applications/{id}/members/{memberId}/remove` (the primary applicant). */
export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      apiAnswer<typeof ApplicationSchema>(
        `/api/applications/${encodeURIComponent(id)}/members/${encodeURIComponent(memberId)}/remove`,
        { method: 'POST' },
      ),
    onSuccess: (application) => writeApplication(queryClient, application),
  });
}

/**
 * `POST /api/applications/{id}/leave` (a co-applicant or guarantor): 204, and the application is
 * no longer theirs to see, so it leaves their cached lists.
 */
export function useLeaveApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/applications/${encodeURIComponent(id)}/leave`, { method: 'POST' }),
    onSuccess: () => dropApplication(queryClient, id),
  });
}
