import { SHELL_URL, strategyFor } from './sw-routes.ts';

/*
 * The offline service worker (decision 033), built on its own into /sw.js by the
 * `stoop:service-worker` plugin of vite.config.ts, which fills in the build's file list. It
 * precaches the app shell and every hashed file, so /notes opens and reloads with the network
 * off. It never handles /api, /api/events or /media.
 */

declare const __PRECACHE__: string[];
declare const __CACHE_VERSION__: string;

// The worker's own types (the web app is typed for the DOM, not for a worker).
type ExtendableEventLike = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEventLike = ExtendableEventLike & {
  request: Request;
  respondWith(response: Promise<Response>): void;
};
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: ExtendableEventLike) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
};

const scope = self as unknown as WorkerScope;
const CACHE = `stoop-${__CACHE_VERSION__}`;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL_URL, ...__PRECACHE__]))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('stoop-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

async function fromNetworkOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function fromCacheOrNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

scope.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, scope.location.origin);
  if (strategy === 'navigate') event.respondWith(fromNetworkOrShell(event.request));
  else if (strategy === 'asset') event.respondWith(fromCacheOrNetwork(event.request));
});
