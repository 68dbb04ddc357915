import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, USER_TYPES } from '../../../../shared/constants.ts';
import type { MeUser } from '../../../../shared/schemas/auth.ts';
import { pageQueryKeys } from '../../../../shared/ssr.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { NOT_LIVE, noteLiveStart } from '../../../lib/live/live-start.ts';

export const meQueryKey = pageQueryKeys.me;

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

function liveEventIdOf(data: unknown): number | undefined {
  const id = (data as { liveEventId?: unknown } | null)?.liveEventId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/*
 * The last-user hint (issue 15): who was signed in here last (id, email, name, userType), so the
 * app started offline still knows its renter and their notes. Used only when the session cannot
 * be asked at all (a network error, never a 401), and cleared on sign-out.
 */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readLastUser(): MeUser | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEYS.lastUser);
    return raw ? parseMeResponse({ user: JSON.parse(raw) as unknown }) : null;
  } catch {
    return null;
  }
}

export function writeLastUser(user: MeUser | null): void {
  try {
    if (user === null) storage()?.removeItem(STORAGE_KEYS.lastUser);
    else {
      const { id, email, name, userType } = user;
      storage()?.setItem(STORAGE_KEYS.lastUser, JSON.stringify({ id, email, name, userType }));
    }
  } catch {
    // Storage full or blocked: only the offline start-up loses its hint.
  }
}

/**
 * The signed-in user, or null for a visitor. Asks `/api/session`, which answers a visitor with
 * 200, not `/api/me`'s 401: a failed request would log a console error on every signed-out page
 * load (issue 11 item 15). Offline (no answer at all), the last-user hint stands in.
 */
export async function fetchMe({ client }: { client?: QueryClient } = {}): Promise<MeUser | null> {
  try {
    const answer = await api('/api/session', {
      parse: (data) => ({ user: parseSessionResponse(data), liveEventId: liveEventIdOf(data) }),
    });
    const { user, liveEventId } = answer;
    // Where this page's live stream starts (live-start.ts).
    if (user && client && liveEventId !== undefined) noteLiveStart(client, user.id, liveEventId);
    writeLastUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeLastUser(null);
      return null;
    }
    const hint = error instanceof ApiError && error.status === 0 ? readLastUser() : null;
    if (hint) return hint;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
  meta: NOT_LIVE,
  // Asked even when the browser says it is offline: the hint answers then (no paused query).
  networkMode: 'always',
});

export function useMe() {
  return useQuery(meQueryOptions);
}
