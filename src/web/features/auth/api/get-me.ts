import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_TYPES } from '../../../../shared/constants.ts';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/**
 * Narrows `GET /api/me`'s body to the shape of the shared `MeResponseSchema`. A hand-written
 * check keeps zod out of the start-up bundle (docs/decisions/012-web-bundle-budget.md); the e2e
 * suite parses the same answer with the schema itself.
 */
export function parseMeResponse(data: unknown): MeUser {
  const user = (data as { user?: Record<string, unknown> } | null)?.user;
  if (
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.name === 'string' &&
    (USER_TYPES as readonly unknown[]).includes(user.userType)
  ) {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      userType: user.userType as MeUser['userType'],
    };
  }
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

/** `GET /api/session`'s body: `{ user: null }` for a visitor, else what `/api/me` answers. */
export function parseSessionResponse(data: unknown): MeUser | null {
  if ((data as { user?: unknown } | null)?.user === null) return null;
  return parseMeResponse(data);
}

/**
 * The signed-in user, or null for a visitor. Asks `/api/session`, which answers a visitor with
 * 200, not `/api/me`'s 401: a failed request would log a console error on every signed-out page
 * load (issue 11 item 15).
 */
export async function fetchMe(): Promise<MeUser | null> {
  try {
    return await api('/api/session', { parse: parseSessionResponse });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
