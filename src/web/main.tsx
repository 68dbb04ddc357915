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
import './styles.css';

const queryClient = createQueryClient();
// Start-up: ask for health and the session at once, while the first page's code loads.
void queryClient.prefetchQuery(healthQueryOptions);
void queryClient.prefetchQuery(meQueryOptions);
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
