import { MOBILE_BREAKPOINT_PX } from '../../shared/constants.ts';

/** docs/spec.md §2: the user agents that count as mobile whatever the window width. */
export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

/**
 * docs/spec.md §2: mobile if the window is narrower than 768 px or the user agent is a mobile one.
 */
export function isMobileDevice(windowWidth: number, userAgent: string): boolean {
  return windowWidth < MOBILE_BREAKPOINT_PX || MOBILE_USER_AGENT.test(userAgent);
}

/** The current browser, read once when asked (never during server-side code: there is none). */
export function isMobileBrowser(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobileDevice(window.innerWidth, window.navigator.userAgent);
}
