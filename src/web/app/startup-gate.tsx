import type { ReactNode } from 'react';
import { isOffline, useHealth } from '../features/health/api/get-health.ts';

/** Same markup as the static screen in index.html, so the hand-over does not shift. */
export function StartupScreen() {
  return (
    <div className="startup-screen" role="status" aria-live="polite">
      <span className="startup-spinner" aria-hidden="true" />
      <p>Connecting to database...</p>
    </div>
  );
}

export function DatabaseErrorScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Database Connection Error · Stoop</title>
      <div className="max-w-md rounded-2xl border border-red-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-bold text-stone-900">Database Connection Error</h1>
        <p className="mt-2 text-stone-600">
          We could not reach Stoop&apos;s database. Check your connection and try again.
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Retry Connection
        </button>
      </div>
    </main>
  );
}

/**
 * docs/spec.md §2 start-up: 'Connecting to database...' until `/api/health` answers, then the app.
 * Offline (the browser has no network), the app opens on what it keeps: the renter's notes.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const health = useHealth();
  if (health.isPending) return <StartupScreen />;
  if (health.isError && !isOffline(health.error)) return <DatabaseErrorScreen />;
  return children;
}
