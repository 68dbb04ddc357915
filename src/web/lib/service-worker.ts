import { env } from '../config/env.ts';

/**
 * Registers the offline service worker (/sw.js, decision 033) in a production build. Called
 * for a signed-in renter only: their notes work offline; a visitor's page loads stay as light
 * as before.
 */
export function registerServiceWorker(): void {
  if (!env.isProd || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, blocked): the app works online as before.
    });
  };
  // Once the page has loaded and is idle: registering costs its first render 5-20 ms, and the
  // worker's install then downloads the app beside the page's own requests (decision 062).
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(register, { timeout: 3_000 })
      : setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
