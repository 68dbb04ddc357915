import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast.tsx';
import { SearchFiltersProvider } from '../features/search/components/search-filters-provider.tsx';
import { StartupGate } from './startup-gate.tsx';

/** App-wide providers (docs/architecture.md §6); user-scoped ones live in the root route. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SearchFiltersProvider>
          <StartupGate>{children}</StartupGate>
        </SearchFiltersProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
