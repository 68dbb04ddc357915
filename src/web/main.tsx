// First: configures zod before any schema is created (see the module).
import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import { healthQueryOptions } from './features/health/api/get-health.ts';
import { createQueryClient } from './lib/query-client.ts';
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

void start();
