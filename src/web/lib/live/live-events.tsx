import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveFeature } from './live-feature.ts';
import { takeLiveStart } from './live-start.ts';

/** Loads the features whose handlers run on the stream (the app's composition, its own chunk). */
export type LoadLiveFeatures = () => Promise<readonly LiveFeature[]>;

/**
 * Keeps one live stream open for the signed-in user (docs/architecture.md §5) and hands its events
 * to the features' handlers. The stream's client and the handlers are chunks of their own, loaded
 * after the page, so public pages do not carry them in their initial JS. `load` must keep its
 * identity (a module-level function).
 */
export function useLiveEvents(userId: string | null, load: LoadLiveFeatures) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let close: (() => void) | null = null;
    let cancelled = false;
    void Promise.all([import('./connect-live-events.ts'), load()]).then(
      ([{ connectLiveEvents }, features]) => {
        if (cancelled) return;
        const start = takeLiveStart(userId);
        close = connectLiveEvents({ queryClient, me: userId }, features, { start });
      },
    );
    return () => {
      cancelled = true;
      close?.();
    };
  }, [queryClient, userId, load]);
}

/** Mount once in the layout: the signed-in user's live stream (renders nothing). */
export function LiveEvents({ userId, load }: { userId: string | null; load: LoadLiveFeatures }) {
  useLiveEvents(userId, load);
  return null;
}
