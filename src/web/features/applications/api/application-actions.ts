import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, Decline, Offer } from '../../../../shared/schemas/applications.ts';
import { apiWithParser } from '../../../lib/api-client.ts';
import { writeApplication } from './application-cache.ts';
import { loadParsers } from './load-parsers.ts';

/*
 * The moves of an application, each a `POST /api/applications/{id}/<action>` answering the
 * application as it now stands, which is written into the cached lists and detail at once.
 */

type Bodies = {
  withdraw: undefined;
  respond: { message: string; documentIds?: string[] };
  accept: undefined;
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
  return apiWithParser(
    `/api/applications/${encodeURIComponent(id)}/${action}`,
    () => loadParsers().then((p) => p.application),
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
