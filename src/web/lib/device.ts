import { MOBILE_BREAKPOINT_PX, MOBILE_USER_AGENT } from '../../shared/constants.ts';

export { MOBILE_USER_AGENT };

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
