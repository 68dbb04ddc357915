import { env } from '../config/env.ts';

/**
 * Registers the offline service worker (/sw.js, decision 033) in a production build. Called
 * for a signed-in renter only: their notes work offline; a visitor's page loads stay as light
 * as before.
 */
export function registerServiceWorker(): void {
  if (!env.isProd || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // No worker (private mode, blocked): the app works online as before.
  });
}
