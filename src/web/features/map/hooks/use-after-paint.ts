import { useEffect, useState } from 'react';

/**
 * False for the first paint, true once the browser is idle after it (or after `timeoutMs`):
 * the map's code (d3-geo, the borough shapes, clustering) is fetched then, not before.
 */
export function useAfterPaint(active = true, timeoutMs = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!active || ready) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(timer);
  }, [active, ready, timeoutMs]);
  return ready;
}
