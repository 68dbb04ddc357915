/*
 * What the service worker does with a request (decision 033). Kept apart from the worker so it
 * is tested as plain code.
 */

export type SwStrategy =
  /** Not the worker's business: the browser asks the network as if there were no worker. */
  | 'pass'
  /** A page: the network first, the cached app shell when it cannot be reached. */
  | 'navigate'
  /** A hashed build file: never changes under its name, so the cache first. */
  | 'asset';

/** The app shell the worker keeps for offline navigations. */
export const SHELL_URL = '/index.html';

export function strategyFor(
  request: { method: string; mode: string; url: string },
  origin: string,
): SwStrategy {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  // The API, its live stream and uploaded media always go to the server, online or not.
  if (/^\/(api|media)(\/|$)/.test(url.pathname)) return 'pass';
  if (request.mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return 'pass';
}
