import { useEffect, useState } from 'react';

/**
 * True once the browser has been idle after `active` became true (or after `timeoutMs`), and
 * true from then on: work that must not compete with the first paint waits for it.
 */
export function useIdle(active: boolean, timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!active || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 1);
    return () => window.clearTimeout(timer);
  }, [active, idle, timeoutMs]);
  return idle;
}
