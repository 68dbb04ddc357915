import type { Location } from 'react-router';

/** What a guard leaves in the history state when it sends a visitor to sign in. */
export type FromState = { from: Pick<Location, 'pathname' | 'search' | 'hash'> };

function isFromState(state: unknown): state is FromState {
  if (typeof state !== 'object' || state === null || !('from' in state)) return false;
  const from = (state as { from: unknown }).from;
  return (
    typeof from === 'object' &&
    from !== null &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  );
}

const AUTH_PAGES = ['/login', '/signin', '/signup', '/auth/signin', '/auth/signup'];

/** The remembered destination as a path (with query and hash), or null. Internal paths only. */
export function rememberedPath(state: unknown): string | null {
  if (!isFromState(state)) return null;
  const { pathname, search = '', hash = '' } = state.from;
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (AUTH_PAGES.includes(pathname)) return null;
  return `${pathname}${search}${hash}`;
}
