// First: configures zod before any schema is created (see the module).
import './zod-config.ts';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { MeUser } from '../shared/schemas/auth.ts';
import { hasSearchParams } from '../shared/search-url.ts';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter, loadMatchedPages } from './app/router.tsx';
import { paths } from './config/paths.ts';
import { meQueryOptions, writeLastUser } from './features/auth/api/get-me.ts';
import { healthQueryOptions } from './features/health/api/get-health.ts';
import { hasStoredSearchFilters } from './features/search/components/search-filters-provider.tsx';
import { endHydration, startHydration } from './lib/hydration.ts';
import { noteLiveStart } from './lib/live/live-start.ts';
import { createQueryClient } from './lib/query-client.ts';
import { type SsrState, takeSsrState } from './lib/ssr-state.ts';
import { warmIntlOffMainThread } from './lib/warm-intl.ts';
import './styles.css';

/*
 * Start-up runs as four tasks, not one: each step below took 15-35 ms on this machine, and the
 * browser paints and answers taps between them (decision 065). An async function, not top-level
 * await, which left the entry out of the build's manifest (the server's preloads read it).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's stylesheet, applied. The build loads it with `media="print"` so it does not hold
 * back the start-up screen's paint (vite.config.ts, decision 066); in `npm run dev` Vite adds
 * the styles with the module and there is no such link. A stylesheet that fails to load still
 * lets the app start, as a blocking one would have.
 */
async function appStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return;
  if (!link.sheet) {
    await new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
  }
  link.media = 'all';
}

/** Resolves once the browser has painted a frame (or after 100 ms, in a tab that paints none). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timeout = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timeout);
        resolve();
      }, 0),
    );
  });
}

/** Rendered last in a hydrated tree: its effect runs once everything above has hydrated. */
function HydrationEnd() {
  useEffect(endHydration, []);
  return null;
}

/**
 * A page the server rendered (decision 075): its answers go into the cache it was rendered
 * from and its page modules load before `hydrateRoot`, so the first render is the server's
 * markup, asks the API nothing it was rendered with, and the styles are already applied.
 */
async function hydrateServerPage(container: HTMLElement, state: SsrState) {
  // The server's page paints first: hydrating is a long task, and the browser would otherwise
  // run it before its first frame when the scripts are already in (a fast or repeat load).
  await afterNextPaint();
  startHydration();
  warmIntlOffMainThread();
  const queryClient = createQueryClient();
  // Before the page's answers are in the cache: none of them needs asking again when the live
  // stream opens (all were read after its start).
  if (state.live) noteLiveStart(queryClient, state.live.userId, state.live.eventId);
  hydrate(queryClient, state.queries);
  // As a fresh start's session answer does: the offline start-up's hint of who is signed in.
  writeLastUser(queryClient.getQueryData<MeUser | null>(meQueryOptions.queryKey) ?? null);
  await loadMatchedPages(window.location);
  const router = createAppRouter(state.router);
  hydrateRoot(
    container,
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
        <HydrationEnd />
      </AppProvider>
    </StrictMode>,
  );
}

async function start() {
  // First: the first date of a page (some format one in their first render) finds ICU loaded.
  warmIntlOffMainThread();
  const queryClient = createQueryClient();
  // Ask for health and the session at once, while the first page's code loads.
  void queryClient.prefetchQuery(healthQueryOptions);
  void queryClient.prefetchQuery(meQueryOptions);
  await yieldToBrowser();
  const router = createAppRouter();
  await Promise.all([appStyles(), yieldToBrowser()]);
  // A task boundary between the stylesheet's load and the first render: the style pass it
  // starts then runs apart from the render's task instead of inside it (decision 068).
  await yieldToBrowser();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

/**
 * A bare /search renders the search this browser stored, which the server could not know: it
 * starts afresh instead of hydrating. (With a search in the address, the address wins.)
 */
function rendersFromStorage(): boolean {
  const { pathname, search } = window.location;
  return (
    pathname === paths.search.href() &&
    !hasSearchParams(new URLSearchParams(search)) &&
    hasStoredSearchFilters()
  );
}

const root = document.getElementById('root');
const serverState = takeSsrState(document);
if (root && serverState && !rendersFromStorage()) void hydrateServerPage(root, serverState);
else {
  endHydration();
  void start();
}
