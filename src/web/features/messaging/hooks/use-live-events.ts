import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps one live stream open for the signed-in user (ARCHITECTURE §5) and writes its events into
 * the query cache. The stream's code is its own chunk, loaded after the page, so public pages do
 * not carry it in their initial JS.
 */
export function useLiveEvents(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let close: (() => void) | null = null;
    let cancelled = false;
    void import('../live/connect-live-events.ts').then(({ connectLiveEvents }) => {
      if (!cancelled) close = connectLiveEvents(queryClient, userId);
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [queryClient, userId]);
}
